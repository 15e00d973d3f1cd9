import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

const PLACEHOLDER_ROWS = 8;

/** Rows in the shape of the fleet table while the carts load. */
export function FleetSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')} sx={{ p: 2 }} data-testid="fleet-loading">
      <Stack spacing={1}>
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
          <Stack key={row} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Skeleton variant="rounded" width={20} height={20} />
            <Skeleton width={40} />
            <Skeleton width={120} />
            <Skeleton variant="rounded" width={72} height={24} />
            <Skeleton sx={{ flex: 1 }} />
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
