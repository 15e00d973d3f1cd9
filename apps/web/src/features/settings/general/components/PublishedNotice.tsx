import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * After a publish: the carts confirm one by one, and the fleet page shows each cart's pending 'ss' update
 * until it has, so the notice points there.
 */
export function PublishedNotice({ carts, onClose }: { carts: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="success"
      onClose={onClose}
      slotProps={{ closeButton: { title: t('settings.publish.dismiss') } }}
    >
      <AlertTitle>{t('settings.publish.publishedTitle', { count: carts })}</AlertTitle>
      <Typography variant="body2">{t('settings.publish.publishedHint')}</Typography>
      <Link component={RouterLink} to="/fleet" variant="body2">
        {t('settings.publish.seeCarts')}
      </Link>
    </Alert>
  );
}
