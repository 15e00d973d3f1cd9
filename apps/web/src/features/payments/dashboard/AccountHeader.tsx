import type { SandboxDashboardView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ACTION_SX } from '../checkout/action-style';

/** Whose account this is and whether it can take payments; an unfinished one leads to its onboarding. */
export function AccountHeader({ account }: { account: SandboxDashboardView }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ overflowWrap: 'anywhere' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6">
          {account.businessName}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={account.active ? 'success' : 'default'}
          label={t(
            account.active ? 'sandboxCheckout.dashboard.active' : 'sandboxCheckout.dashboard.inactive',
          )}
        />
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('sandboxCheckout.dashboard.accountId', { id: account.id })}
      </Typography>
      {!account.active && (
        // The button below the text, not as the alert's action: beside it, it would squeeze the text at 360px.
        <Alert severity="info">
          {t('sandboxCheckout.dashboard.inactiveText')}
          <Button
            component={RouterLink}
            to={`/sandbox/onboarding/${encodeURIComponent(account.id)}`}
            variant="outlined"
            color="inherit"
            sx={{ ...ACTION_SX, display: 'flex', mt: 1 }}
          >
            {t('sandboxCheckout.dashboard.completeOnboarding')}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
