import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while the app checks the session on first load or a lazy page downloads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status" aria-live="polite">
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
