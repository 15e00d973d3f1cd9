import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** The cards' outline while the site loads, so the page does not jump when they arrive. */
export function GeneralSettingsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={3}
      aria-busy="true"
      aria-label={t('settings.general.loading')}
      data-testid="general-settings-loading"
    >
      {[120, 220, 260, 120, 120, 120].map((height, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
