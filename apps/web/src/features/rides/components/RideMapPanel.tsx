import { parseLatLng, type RideDetail } from '@fairway/domain';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeState } from '../../realtime';
import { isOpenRide } from '../lib/ride-format';

// Leaflet and its map layers load with the first ride opened, so the list never waits for them.
const RideMap = lazy(async () => ({ default: (await import('../map/RideMap')).RideMap }));

type MappedRide = Pick<RideDetail, '_id' | 'siteId' | 'device' | 'status' | 'trail' | 'siteCenter'>;

/**
 * The ride's map in the detail pane. While the ride is open, the cart's live position (kept by the site
 * socket) marks where it is now; without one, the trail's last point does.
 */
export function RideMapPanel({ ride }: { ride: MappedRide }) {
  const { t } = useTranslation();
  const { devicesById } = useRealtimeState();
  const open = isOpenRide(ride);
  const currentPosition = open ? parseLatLng(devicesById[ride.device]?.gpsCoordinates) : null;
  return (
    <Box
      component="section"
      aria-label={t('rides.map.label')}
      data-testid="ride-map"
      sx={{ position: 'relative', height: { xs: 320, md: 'max(360px, 45vh)' }, flexShrink: 0 }}
    >
      <Suspense
        fallback={
          <Skeleton
            variant="rectangular"
            sx={{ width: '100%', height: '100%' }}
            aria-label={t('rides.map.loading')}
          />
        }
      >
        <RideMap
          rideId={ride._id}
          siteId={ride.siteId}
          trail={ride.trail}
          center={ride.siteCenter}
          open={open}
          currentPosition={currentPosition}
        />
      </Suspense>
    </Box>
  );
}
