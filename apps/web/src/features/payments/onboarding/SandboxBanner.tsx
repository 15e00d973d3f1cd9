import ScienceIcon from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** Says on every state of the page that this is a test stand-in: no money, no bank, no card network. */
export function SandboxBanner() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" icon={<ScienceIcon />} variant="filled">
      <AlertTitle component="h1" sx={{ fontWeight: 700 }}>
        {t('sandbox.banner.title')}
      </AlertTitle>
      {t('sandbox.banner.text')}
    </Alert>
  );
}
