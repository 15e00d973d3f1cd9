import { RIDE_PAGE_SIZE } from '@fairway/domain';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** A page's worth of cards in the shape of the real ones (spec §2: 10 placeholders) while rides load. */
export function RideCardSkeletons() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} role="status" aria-busy="true" aria-label={t('rides.loading')}>
      {Array.from({ length: RIDE_PAGE_SIZE }, (_, index) => (
        <Card key={index} variant="outlined" sx={{ p: 1.5, flexShrink: 0 }} data-testid="ride-card-skeleton">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Skeleton width={64} />
            <Skeleton width="40%" />
          </Stack>
          <Skeleton width="55%" />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Skeleton width={120} />
            <Skeleton variant="rounded" width={72} height={24} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
