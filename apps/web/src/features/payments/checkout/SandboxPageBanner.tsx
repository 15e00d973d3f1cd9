import ScienceIcon from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Says on every state of a sandbox page that it is a test stand-in: no money, no bank, no card network.
 * The onboarding's SandboxBanner with a page's own text; the standard (not filled) warning keeps the text
 * at AA contrast, which white on the filled warning orange (about 3:1) does not reach.
 */
export function SandboxPageBanner({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      icon={<ScienceIcon />}
      role="note"
      sx={{ border: 1, borderColor: 'warning.main', overflowWrap: 'anywhere' }}
    >
      <AlertTitle component="h1" sx={{ fontWeight: 700 }}>
        {t('sandboxCheckout.banner.title')}
      </AlertTitle>
      {children}
    </Alert>
  );
}
