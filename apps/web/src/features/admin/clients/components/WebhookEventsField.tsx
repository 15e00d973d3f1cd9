import type { WebhookEventType } from '@fairway/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inDomainOrder, WEBHOOK_EVENT_GROUPS } from '../lib/webhook-events';

interface WebhookEventsFieldProps {
  value: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string;
}

/**
 * The events to send, as checkboxes grouped by what they are about (rides, bookings, …). Each shows its
 * name as the receiver sees it in the payload's `type`, so the admin can match it with the partner's docs.
 */
export function WebhookEventsField({ value, onChange, error }: WebhookEventsFieldProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const toggle = (type: WebhookEventType, checked: boolean) =>
    onChange(inDomainOrder(checked ? [...value, type] : value.filter((chosen) => chosen !== type)));
  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      aria-describedby={error ? errorId : undefined}
      data-testid="webhook-form-events"
    >
      <FormLabel component="legend">{t('adminWebhooks.form.events')}</FormLabel>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          gap: 1.5,
          mt: 1,
        }}
      >
        {WEBHOOK_EVENT_GROUPS.map((group) => (
          <FormControl key={group.kind} component="fieldset" sx={{ minWidth: 0 }}>
            <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
              {t(`adminWebhooks.kinds.${group.kind}`)}
            </FormLabel>
            <FormGroup>
              {group.events.map((type) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      checked={value.includes(type)}
                      onChange={(event) => toggle(type, event.target.checked)}
                      slotProps={{ input: { 'data-testid': `webhook-event-${type}` } as object }}
                    />
                  }
                  label={
                    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', py: 0.5 }}>
                      <span>{t(`adminWebhooks.events.${type}`)}</span>
                      <Typography
                        component="span"
                        variant="caption"
                        sx={{ fontFamily: 'monospace', color: 'text.secondary' }}
                      >
                        {type}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        ))}
      </Box>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
