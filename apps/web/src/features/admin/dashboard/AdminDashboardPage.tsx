import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { AdminDashboardView, DayRange, SiteView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { browserTimeZone, resolveTimeZone } from '../../../lib/calendar-days';
import { useAdminSites } from '../components/api/get-admin-sites';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { useAdminDashboard } from './api/get-admin-dashboard';
import { DashboardToolbar } from './components/DashboardToolbar';
import { DevicesCard } from './components/DevicesCard';
import { BookingsCard, PaymentsCard, ProfilesCard } from './components/FigureCards';
import { useDashboardRange } from './use-dashboard-range';
import { useViewingSite } from './use-viewing-site';

function Cards({
  answer,
  site,
  days,
  stale,
}: {
  answer: AdminDashboardView | null;
  site: SiteView | null;
  days: DayRange;
  stale: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
        // The devices card with its map spans the row; on two columns so does the last card.
        '& > :first-of-type': { gridColumn: '1 / -1' },
        '& > :last-of-type': { gridColumn: { md: '1 / -1', lg: 'auto' } },
      }}
    >
      <DevicesCard answer={answer} site={site} stale={stale} />
      <ProfilesCard answer={answer} days={days} stale={stale} />
      <BookingsCard answer={answer} days={days} stale={stale} />
      <PaymentsCard answer={answer} days={days} stale={stale} />
    </Box>
  );
}

/**
 * The platform dashboard (spec §2 Admin area, superadmin): what is looked at (All Sites or one site,
 * remembered on this browser), the period (today by default), the devices online and offline with their map,
 * and the profiles, bookings and payments of the period with a chart each. The server aggregates; the page
 * shows the answer for the period counted on the site's calendar (the browser's for All Sites).
 */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const sites = useAdminSites();
  const { site, choose } = useViewingSite(sites.data);
  const timeZone = site ? resolveTimeZone(site.timezone) : browserTimeZone();
  const range = useDashboardRange(timeZone);
  const dashboard = useAdminDashboard(
    { siteId: site?._id ?? null, from: range.from, to: range.to, timeZone, days: range.days },
    sites.isSuccess && sites.data.length > 0,
  );
  const sortedSites = sites.data ? [...sites.data].sort((a, b) => a.name.localeCompare(b.name)) : [];

  let body;
  if (sites.isError) body = <ErrorState error={sites.error} onRetry={() => void sites.refetch()} />;
  else if (sites.isSuccess && sites.data.length === 0)
    body = (
      <EmptyState
        size="pane"
        icon={<AddLocationAltIcon />}
        title={t('adminDashboard.empty.title')}
        description={t('adminDashboard.empty.description')}
        action={
          <Button component={Link} to="/admin/sites" variant="contained">
            {t('adminDashboard.empty.action')}
          </Button>
        }
      />
    );
  else if (dashboard.isError && !dashboard.data)
    body = <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  else
    body = (
      <Stack spacing={2}>
        {dashboard.isError && (
          <ErrorState
            title={t('adminDashboard.refreshFailed')}
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
          />
        )}
        <Cards
          answer={dashboard.data?.view ?? null}
          site={site}
          // The days the answer in view covers (the previous period's while the next one loads).
          days={dashboard.data?.days ?? range.days}
          stale={dashboard.isPlaceholderData || (dashboard.isFetching && dashboard.isError)}
        />
      </Stack>
    );

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack spacing={2.5}>
        <AdminPageHeader title={t('adminDashboard.title')} subtitle={t('adminDashboard.subtitle')} />
        {sites.isPending ? (
          <Stack direction="row" spacing={2} data-testid="dashboard-toolbar-loading">
            <Skeleton variant="rounded" width={240} height={40} />
            <Skeleton variant="rounded" width={240} height={40} />
          </Stack>
        ) : (
          sortedSites.length > 0 && (
            <DashboardToolbar sites={sortedSites} site={site} onSiteChange={choose} range={range} />
          )
        )}
        {body}
      </Stack>
    </Container>
  );
}
