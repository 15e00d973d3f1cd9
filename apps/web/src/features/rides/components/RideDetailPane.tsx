import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { RideDetail } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { OverdueRideLine } from '../../overrun';
import { useRide } from '../api/get-ride';
import { useRideLabels } from '../lib/ride-labels';
import { RideActions } from './RideActions';
import { RideDetailsSection } from './RideDetailsSection';
import { RideMapPanel } from './RideMapPanel';
import { RideTechnicalBlock } from './RideTechnicalBlock';
import { RideTimes } from './RideTimes';

interface RideDetailPaneProps {
  siteId: string;
  rideId: string;
  /** the site's zone; null while the site loads */
  timeZone: string | null;
  /** role user and above: end, resume, delete (spec §2 Rides) */
  canAct: boolean;
  /** role admin and above: the technical block (spec §6) */
  isAdmin: boolean;
  /** deselects the ride (the list comes back on a phone) */
  onClose: () => void;
  /** the pane's heading, focused when a phone swaps the list for the pane */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The right pane of spec §2 Rides for one ride: its header, times, actions, details and map. */
export function RideDetailPane({ siteId, rideId, timeZone, ...props }: RideDetailPaneProps) {
  const { t } = useTranslation();
  const [hiRes, setHiRes] = useState(false);
  const ride = useRide(siteId, rideId, hiRes);

  if (ride.isError && !ride.isFetching && !ride.data) {
    const notFound = ride.error instanceof ApiError && ride.error.status === 404;
    return (
      <PaneFrame onClose={props.onClose}>
        {notFound ? (
          <EmptyState
            size="pane"
            icon={<SearchOffIcon />}
            title={t('rides.detail.notFound.title')}
            description={t('rides.detail.notFound.hint')}
          />
        ) : (
          <ErrorState
            error={ride.error}
            onRetry={() => void ride.refetch()}
            title={t('rides.detail.loadFailed')}
          />
        )}
      </PaneFrame>
    );
  }
  if (!ride.data || !timeZone) {
    return (
      <PaneFrame onClose={props.onClose}>
        <Stack spacing={1.5} role="status" aria-busy="true" aria-label={t('rides.detail.loading')}>
          <Skeleton width="40%" height={36} />
          <Skeleton width="60%" />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      </PaneFrame>
    );
  }
  return (
    <RideDetailContent
      {...props}
      siteId={siteId}
      ride={ride.data}
      timeZone={timeZone}
      hiRes={hiRes}
      onHiResChange={setHiRes}
      refreshing={ride.isFetching}
      switchingResolution={ride.isPlaceholderData}
      onRefresh={() => void ride.refetch()}
    />
  );
}

interface RideDetailContentProps extends Omit<RideDetailPaneProps, 'rideId' | 'timeZone'> {
  ride: RideDetail;
  timeZone: string;
  hiRes: boolean;
  onHiResChange: (hiRes: boolean) => void;
  refreshing: boolean;
  switchingResolution: boolean;
  onRefresh: () => void;
}

function RideDetailContent({
  siteId,
  ride,
  timeZone,
  canAct,
  isAdmin,
  onClose,
  headingRef,
  hiRes,
  onHiResChange,
  refreshing,
  switchingResolution,
  onRefresh,
}: RideDetailContentProps) {
  const { t } = useTranslation();
  const labels = useRideLabels();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ height: 4, flexShrink: 0 }}>
        {refreshing && <LinearProgress aria-label={t('rides.detail.loading')} />}
      </Box>
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <BackButton onClose={onClose} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              ref={headingRef}
              tabIndex={-1}
              component="h2"
              variant="h5"
              sx={{ fontWeight: 700, outline: 'none' }}
              data-testid="ride-detail-cart"
            >
              {labels.cart(ride)}
            </Typography>
            <Typography sx={{ fontWeight: 500 }} data-testid="ride-detail-driver">
              {ride.meta.name ?? t('rides.card.noDriver')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[ride.carName, `${t('rides.detail.method')}: ${t(`rides.types.${ride.type}`)}`]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <Tooltip title={t('rides.detail.refresh')}>
            {/* A span keeps the tooltip working while the button is disabled. */}
            <span>
              <IconButton onClick={onRefresh} disabled={refreshing} aria-label={t('rides.detail.refresh')}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
          <CloseButton onClose={onClose} />
        </Stack>

        {ride.deleted && (
          <Alert severity="info" data-testid="ride-deleted">
            {t('rides.detail.deleted')}
          </Alert>
        )}

        <RideTimes ride={ride} timeZone={timeZone} />
        <OverdueRideLine overrun={ride.overrun} hole={ride.hole} />

        {canAct && !ride.deleted && (
          <RideActions siteId={siteId} ride={ride} timeZone={timeZone} onDeleted={onClose} />
        )}
      </Stack>

      <RideDetailsSection
        ride={ride}
        technical={
          isAdmin && (
            <RideTechnicalBlock
              ride={ride}
              hiRes={hiRes}
              switching={switchingResolution}
              onHiResChange={onHiResChange}
            />
          )
        }
      />

      <RideMapPanel ride={ride} />
    </Box>
  );
}

/** Phones: the pane fills the screen, and this arrow goes back to the list. */
function BackButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('rides.detail.back')}>
      <IconButton
        edge="start"
        onClick={onClose}
        aria-label={t('rides.detail.back')}
        sx={{ display: { md: 'none' } }}
        data-testid="ride-back"
      >
        <ArrowBackIcon />
      </IconButton>
    </Tooltip>
  );
}

/** Beside the list, the pane closes instead (as pressing the selected card again does). */
function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('rides.detail.close')}>
      <IconButton
        edge="end"
        onClick={onClose}
        aria-label={t('rides.detail.close')}
        sx={{ display: { xs: 'none', md: 'inline-flex' } }}
      >
        <CloseIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The pane's frame while the ride loads or failed: the way back stays available. */
function PaneFrame({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
        <BackButton onClose={onClose} />
        <Box sx={{ flex: 1 }} />
        <CloseButton onClose={onClose} />
      </Stack>
      {children}
    </Box>
  );
}
