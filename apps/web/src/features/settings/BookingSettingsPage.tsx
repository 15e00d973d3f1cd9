import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { hasRole, type Role, type SiteView } from '@fairway/domain';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useSelectedSiteId } from '../../lib/selected-site';
import { useCurrentRole } from '../auth';
import { ServicesCard } from '../services';
import { siteQueryOptions, useSite } from '../sites';
import { UserGroupsCard } from '../user-groups';
import { BookableCartsCard } from './booking/BookableCartsCard';
import { BookingOffsetCard } from './booking/BookingOffsetCard';
import { BookingSettingsSkeleton } from './booking/BookingSettingsSkeleton';
import { OnboardingReturnAlert, onboardingReturnOf } from './booking/OnboardingReturnAlert';
import { OpeningHoursCard } from './booking/OpeningHoursCard';
import { PaymentActivationCard } from './booking/PaymentActivationCard';
import { PublicProfileCard } from './public-profile/PublicProfileCard';

/** /settings/booking (spec §2 Settings, Booking): everything guests need to book and pay online. */
export function BookingSettingsPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h5">
          {t('booking.title')}
        </Typography>
        {siteId ? (
          // Keyed by site: unsaved edits belong to the site they were made on.
          <SiteBookingSettings key={siteId} siteId={siteId} />
        ) : (
          <EmptyState
            icon={<WrongLocationIcon />}
            title={t('site.noneTitle')}
            description={t('site.noneHint')}
          />
        )}
      </Stack>
    </Container>
  );
}

function SiteBookingSettings({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const site = useSite(siteId);
  const role = useCurrentRole();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const onboardingReturn = onboardingReturnOf(searchParams.get('onboarding'));

  // Back from the payment provider: the cached site predates the onboarding, so ask for its state again.
  useEffect(() => {
    if (onboardingReturn)
      void queryClient.invalidateQueries({ queryKey: siteQueryOptions(siteId).queryKey, exact: true });
  }, [onboardingReturn, queryClient, siteId]);

  const closeReturnAlert = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('onboarding');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      {onboardingReturn && (
        <OnboardingReturnAlert
          kind={onboardingReturn}
          checking={site.isFetching}
          paymentsActive={site.data?.stripeConfig.accountActive ?? false}
          onClose={closeReturnAlert}
        />
      )}
      {site.isPending ? (
        <BookingSettingsSkeleton />
      ) : site.isError ? (
        <ErrorState error={site.error} title={t('booking.loadFailed')} onRetry={() => void site.refetch()} />
      ) : (
        <SitePanels site={site.data} role={role} />
      )}
      <ServicesCard />
      <UserGroupsCard />
    </>
  );
}

/**
 * The site's own cards in the spec's order. Online booking needs an active payment account; with a
 * booking integration the club books elsewhere, so the profile and bookable carts would have no effect.
 */
function SitePanels({ site, role }: { site: SiteView; role: Role | null }) {
  const isAdmin = hasRole(role, 'admin');
  const paymentsActive = site.stripeConfig.accountActive;
  return (
    <>
      {!paymentsActive && <PaymentActivationCard siteId={site._id} editable={isAdmin} />}
      {paymentsActive && !site.bookingIntegration && (
        <>
          <PublicProfileCard site={site} editable={isAdmin} />
          <BookableCartsCard siteId={site._id} editable={hasRole(role, 'user')} />
        </>
      )}
      <OpeningHoursCard site={site} editable={isAdmin} />
      <BookingOffsetCard site={site} editable={isAdmin} />
      <BookingOffsetCard site={site} editable={isAdmin} field="bookingTurnaround" />
    </>
  );
}
