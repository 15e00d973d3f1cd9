import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** The site's cards while it loads: the shapes of the opening hours and the booking offset. */
export function BookingSettingsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} aria-busy aria-label={t('booking.loading')} role="progressbar">
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={420} />
      <Skeleton variant="rounded" height={180} />
    </Stack>
  );
}
