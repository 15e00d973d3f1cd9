import type { WebhookDeliveryView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledFact, LabelledFacts } from '../../../../components/LabelledFacts';
import { formatDateTime } from '../../../../lib/date-format';

/** The event as it was sent, pretty-printed, with the id the receiver uses to drop a repeat. */
export function WebhookPayloadDialog({
  delivery,
  onClose,
}: {
  delivery: WebhookDeliveryView;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const labelId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>
        {t('adminWebhooks.payload.title', { event: delivery.eventType })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2 }}>
          <LabelledFacts minWidth={200} rowGap={1}>
            <LabelledFact label={t('adminWebhooks.payload.eventId')} size="detail">
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {delivery.eventId}
              </Box>
            </LabelledFact>
            <LabelledFact label={t('adminWebhooks.payload.created')} size="detail">
              {formatDateTime(delivery.createdAt, i18n.language)}
            </LabelledFact>
          </LabelledFacts>
        </Box>
        <Typography id={labelId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('adminWebhooks.payload.label')}
        </Typography>
        <Box
          component="pre"
          // Scrollable region: focusable so a keyboard can scroll it (axe scrollable-region-focusable).
          tabIndex={0}
          role="region"
          aria-labelledby={labelId}
          data-testid="delivery-payload"
          sx={{
            m: 0,
            p: 2,
            maxHeight: { xs: 'none', sm: '55vh' },
            overflow: 'auto',
            fontFamily: 'monospace',
            fontSize: 13,
            lineHeight: 1.5,
            bgcolor: 'grey.100',
            borderRadius: 1,
          }}
        >
          {JSON.stringify(delivery.payload, null, 2)}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" data-testid="delivery-payload-close">
          {t('adminWebhooks.payload.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
