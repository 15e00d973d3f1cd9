import type { WebhookDeliveryStatus, WebhookDeliveryView } from '@fairway/domain';
import DataObjectIcon from '@mui/icons-material/DataObject';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { LabelledFact, LabelledFacts } from '../../../../components/LabelledFacts';
import { formatDateTime } from '../../../../lib/date-format';

const STATUS_COLOR: Record<WebhookDeliveryStatus, 'default' | 'success' | 'error'> = {
  pending: 'default',
  succeeded: 'success',
  failed: 'error',
};

export function DeliveryStatusChip({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'failed' ? 'filled' : 'outlined'}
      label={t(`adminWebhooks.deliveries.statuses.${status}`)}
      data-testid="delivery-status"
    />
  );
}

interface WebhookDeliveriesTableProps {
  deliveries: readonly WebhookDeliveryView[];
  onOpen: (delivery: WebhookDeliveryView) => void;
  onResend: (delivery: WebhookDeliveryView) => void;
  /** the delivery whose resend is on its way */
  resending: string | null;
}

/** "HTTP 500 · connection refused": what the receiver last answered, or why no answer came. */
function useLastResult() {
  const { t } = useTranslation();
  return (delivery: WebhookDeliveryView) => {
    const parts = [
      delivery.lastStatusCode === null
        ? null
        : t('adminWebhooks.deliveries.httpStatus', { code: delivery.lastStatusCode }),
      delivery.lastError,
    ].filter((part) => part !== null && part !== '');
    return parts.length > 0 ? parts.join(' · ') : t('adminWebhooks.deliveries.nothing');
  };
}

/**
 * The delivery log's rows: when the event was made, its type, how the delivery stands, the attempts, the
 * receiver's last answer and the next try. A row (or its payload button, for the keyboard) opens the payload;
 * Resend queues the event again, except while it is waiting to be sent anyway. Cards on a phone.
 */
export function WebhookDeliveriesTable({
  deliveries,
  onOpen,
  onResend,
  resending,
}: WebhookDeliveriesTableProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const lastResult = useLastResult();
  const numbers = new Intl.NumberFormat(i18n.language);
  const when = (at: string | null) =>
    at ? formatDateTime(at, i18n.language) : t('adminWebhooks.deliveries.nothing');

  const payloadButton = (delivery: WebhookDeliveryView) => (
    <Tooltip title={t('adminWebhooks.deliveries.viewPayload')}>
      <IconButton
        aria-label={`${t('adminWebhooks.deliveries.viewPayload')}: ${delivery.eventType}`}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(delivery);
        }}
        data-testid={`delivery-payload-${delivery._id}`}
      >
        <DataObjectIcon />
      </IconButton>
    </Tooltip>
  );
  const resendButton = (delivery: WebhookDeliveryView) => {
    const pending = delivery.status === 'pending';
    const button = (
      <Button
        size="small"
        startIcon={<ReplayIcon />}
        disabled={pending}
        loading={resending === delivery._id}
        onClick={(event) => {
          event.stopPropagation();
          onResend(delivery);
        }}
        data-testid={`delivery-resend-${delivery._id}`}
      >
        {t('adminWebhooks.deliveries.resend')}
      </Button>
    );
    // A disabled button gets no hover: the tooltip sits on a wrapper and says why it is off.
    return pending ? (
      <Tooltip title={t('adminWebhooks.deliveries.pendingHint')}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  if (phone)
    return (
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('adminWebhooks.deliveries.tableLabel')}
      >
        {deliveries.map((delivery) => (
          <Card component="li" key={delivery._id} variant="outlined" data-testid={`delivery-${delivery._id}`}>
            <CardContent sx={{ pb: 0 }}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              >
                <Typography sx={{ fontFamily: 'monospace', fontWeight: 500 }}>
                  {delivery.eventType}
                </Typography>
                <DeliveryStatusChip status={delivery.status} />
              </Stack>
              <Box sx={{ mt: 1 }}>
                <LabelledFacts minWidth={130} rowGap={1}>
                  <LabelledFact label={t('adminWebhooks.deliveries.columns.time')} size="detail">
                    {when(delivery.createdAt)}
                  </LabelledFact>
                  <LabelledFact label={t('adminWebhooks.deliveries.columns.attempts')} size="detail">
                    {numbers.format(delivery.attempts)}
                  </LabelledFact>
                  <LabelledFact label={t('adminWebhooks.deliveries.columns.lastResult')} size="detail">
                    {lastResult(delivery)}
                  </LabelledFact>
                  <LabelledFact label={t('adminWebhooks.deliveries.columns.nextAttempt')} size="detail">
                    {when(delivery.nextAttemptAt)}
                  </LabelledFact>
                </LabelledFacts>
              </Box>
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end' }}>
              {payloadButton(delivery)}
              {resendButton(delivery)}
            </CardActions>
          </Card>
        ))}
      </Stack>
    );

  return (
    <TableContainer>
      <Table size="small" aria-label={t('adminWebhooks.deliveries.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adminWebhooks.deliveries.columns.time')}</TableCell>
            <TableCell>{t('adminWebhooks.deliveries.columns.event')}</TableCell>
            <TableCell>{t('adminWebhooks.deliveries.columns.status')}</TableCell>
            <TableCell align="right">{t('adminWebhooks.deliveries.columns.attempts')}</TableCell>
            <TableCell>{t('adminWebhooks.deliveries.columns.lastResult')}</TableCell>
            <TableCell>{t('adminWebhooks.deliveries.columns.nextAttempt')}</TableCell>
            <TableCell align="right">{t('adminWebhooks.deliveries.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow
              key={delivery._id}
              hover
              onClick={() => onOpen(delivery)}
              sx={{ cursor: 'pointer' }}
              data-testid={`delivery-${delivery._id}`}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.createdAt)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {delivery.eventType}
              </TableCell>
              <TableCell>
                <DeliveryStatusChip status={delivery.status} />
              </TableCell>
              <TableCell align="right">{numbers.format(delivery.attempts)}</TableCell>
              <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{lastResult(delivery)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.nextAttemptAt)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {payloadButton(delivery)}
                {resendButton(delivery)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
