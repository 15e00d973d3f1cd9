import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookSubscriptionView,
} from '@fairway/domain';
import OutboxIcon from '@mui/icons-material/Outbox';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorState } from '../../../../components/ErrorState';
import { TablePager } from '../../../../components/TablePager';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useWebhookDeliveries, type WebhookDeliveriesParams } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { WebhookDeliveriesTable } from './WebhookDeliveriesTable';
import { WebhookPayloadDialog } from './WebhookPayloadDialog';

/** Pages of 20, 50 or 100 (the domain's limit is 100): a busy site sends thousands of events. */
const PAGE_SIZES = [20, 50, 100] as const;
/** The filter's value for every status (statuses are words, so it cannot clash). */
const ANY = 'any';

interface WebhookDeliveriesDialogProps {
  clientId: string;
  subscription: WebhookSubscriptionView;
  siteName: string;
  onClose: () => void;
}

/**
 * One subscription's delivery log, newest first, a page at a time from the server, filtered by status: what
 * was sent, how the receiver answered, when the next try is. A row opens its payload; Resend queues it again.
 */
export function WebhookDeliveriesDialog({
  clientId,
  subscription,
  siteName,
  onClose,
}: WebhookDeliveriesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('md'));
  const [params, setParams] = useState<WebhookDeliveriesParams>({ page: 1, limit: PAGE_SIZES[0] });
  const [open, setOpen] = useState<WebhookDeliveryView | null>(null);
  const deliveries = useWebhookDeliveries(clientId, subscription._id, params);
  const resend = useResendWebhookDelivery(clientId, subscription._id);

  const resendDelivery = (delivery: WebhookDeliveryView) =>
    resend.mutate(delivery._id, {
      onSuccess: () => showToast(t('adminWebhooks.deliveries.resent'), 'success'),
      onError: (error) => {
        console.error('Resending the webhook delivery failed', error);
        showToast(error instanceof ApiError ? error.message : t('adminWebhooks.errors.generic'), 'error');
      },
    });

  let log;
  if (deliveries.isError && !deliveries.data)
    log = (
      <ErrorState
        error={deliveries.error}
        title={t('adminWebhooks.deliveries.loadFailed')}
        onRetry={() => void deliveries.refetch()}
      />
    );
  else if (!deliveries.data)
    log = (
      <Stack
        spacing={1}
        aria-busy="true"
        aria-label={t('adminWebhooks.deliveries.loading')}
        data-testid="deliveries-loading"
      >
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  else if (deliveries.data.deliveries.length === 0)
    log = (
      <EmptyState
        size="pane"
        icon={<OutboxIcon />}
        title={t('adminWebhooks.deliveries.empty.title')}
        description={
          params.status
            ? t('adminWebhooks.deliveries.empty.filtered')
            : t('adminWebhooks.deliveries.empty.none', { site: siteName })
        }
      />
    );
  else
    log = (
      <>
        <WebhookDeliveriesTable
          deliveries={deliveries.data.deliveries}
          onOpen={setOpen}
          onResend={resendDelivery}
          resending={resend.isPending ? (resend.variables ?? null) : null}
        />
        <TablePager
          total={deliveries.data.total}
          page={params.page - 1}
          pageSize={params.limit}
          sizes={PAGE_SIZES}
          onPageChange={(page) => setParams({ ...params, page: page + 1 })}
          onPageSizeChange={(value) => setParams({ ...params, page: 1, limit: Number(value) })}
          texts="adminWebhooks.deliveries.pager"
          testId="deliveries-pager"
        />
      </>
    );

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="lg"
        fullScreen={fullScreen}
      >
        <DialogTitle id={titleId}>{t('adminWebhooks.deliveries.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Stack spacing={0.25}>
              <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {subscription.url}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {siteName}
              </Typography>
            </Stack>
            <TextField
              select
              size="small"
              label={t('adminWebhooks.deliveries.status')}
              value={params.status ?? ANY}
              onChange={(event) => {
                const value = event.target.value;
                // A new filter starts on page 1: the page in view may not exist in the filtered log.
                setParams({
                  page: 1,
                  limit: params.limit,
                  ...(value !== ANY && { status: value as WebhookDeliveryStatus }),
                });
              }}
              sx={{ width: { xs: '100%', sm: 220 } }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'deliveries-status' } as object } }}
            >
              <MenuItem value={ANY}>{t('adminWebhooks.deliveries.allStatuses')}</MenuItem>
              {WEBHOOK_DELIVERY_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`adminWebhooks.deliveries.statuses.${status}`)}
                </MenuItem>
              ))}
            </TextField>
            {deliveries.isError && deliveries.data && (
              <ErrorState
                title={t('adminWebhooks.deliveries.refreshFailed')}
                error={deliveries.error}
                onRetry={() => void deliveries.refetch()}
              />
            )}
            <div
              aria-busy={deliveries.isPlaceholderData || undefined}
              style={{ opacity: deliveries.isPlaceholderData ? 0.6 : 1 }}
            >
              {log}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="deliveries-close">
            {t('adminWebhooks.deliveries.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {open && <WebhookPayloadDialog delivery={open} onClose={() => setOpen(null)} />}
    </>
  );
}
