import type { WebhookSubscriptionView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/date-format';

/**
 * Whether Fairway sends the events: enabled, switched off by Fairway after repeated failures (with its reason
 * and since when, so the admin knows what to tell the receiver's owner), or switched off by an admin.
 * The failures in a row show while it still sends, as the warning before it is switched off.
 */
export function WebhookStatus({ subscription }: { subscription: WebhookSubscriptionView }) {
  const { t, i18n } = useTranslation();
  const failures = new Intl.NumberFormat(i18n.language).format(subscription.consecutiveFailures);
  const automatically = !subscription.enabled && subscription.disabledReason !== null;
  let chip;
  if (subscription.enabled)
    chip = <Chip size="small" color="success" variant="outlined" label={t('adminWebhooks.status.enabled')} />;
  else if (automatically)
    chip = <Chip size="small" color="error" label={t('adminWebhooks.status.autoDisabled')} />;
  else chip = <Chip size="small" variant="outlined" label={t('adminWebhooks.status.manualDisabled')} />;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-testid="webhook-status">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {chip}
        <Typography
          variant="body2"
          sx={{ color: subscription.consecutiveFailures > 0 ? 'warning.dark' : 'text.secondary' }}
          data-testid="webhook-failures"
        >
          {t('adminWebhooks.failures', { value: failures })}
        </Typography>
      </Stack>
      {automatically && (
        <Typography variant="body2" sx={{ color: 'error.main' }} data-testid="webhook-disabled-reason">
          {t('adminWebhooks.status.autoDisabledDetail', {
            at: subscription.disabledAt ? formatDateTime(subscription.disabledAt, i18n.language) : '–',
            failures,
            reason: subscription.disabledReason,
          })}
        </Typography>
      )}
    </Stack>
  );
}
