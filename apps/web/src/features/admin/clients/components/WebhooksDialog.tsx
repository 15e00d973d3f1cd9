import {
  WEBHOOK_LIMITS,
  type ClientView,
  type WebhookSubscriptionView,
  type WebhookSubscriptionWithSecret,
} from '@fairway/domain';
import AddIcon from '@mui/icons-material/Add';
import WebhookIcon from '@mui/icons-material/Webhook';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorState } from '../../../../components/ErrorState';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { SecretOnceDialog } from '../../components/SecretOnceDialog';
import { useAdminSites, useSiteNames } from '../../components/api/get-admin-sites';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { WebhookCard } from './WebhookCard';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookFormDialog } from './WebhookFormDialog';

type Editing = { subscription: WebhookSubscriptionView | null } | null;

/** The receiver's host, to tell which webhook a secret belongs to without the whole address. */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * A client's outbound webhooks (issue 23): which of its sites' events Fairway posts where, whether each still
 * sends, and the actions: add, edit, rotate the signing secret (shown once), delete, and each one's
 * delivery log. Full screen on a phone.
 */
export function WebhooksDialog({ client, onClose }: { client: ClientView; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const webhooks = useWebhooks(client._id);
  const adminSites = useAdminSites();
  const names = useSiteNames();
  const rotate = useRotateWebhookSecret(client._id);
  const remove = useDeleteWebhook(client._id);
  const [editing, setEditing] = useState<Editing>(null);
  const [rotating, setRotating] = useState<WebhookSubscriptionView | null>(null);
  const [deleting, setDeleting] = useState<WebhookSubscriptionView | null>(null);
  const [viewing, setViewing] = useState<WebhookSubscriptionView | null>(null);
  const [shownSecret, setShownSecret] = useState<WebhookSubscriptionWithSecret | null>(null);

  // The names come with the admin console's site list; until it answers, an ellipsis rather than "unknown".
  const siteName = (siteId: string) =>
    names?.get(siteId) ?? (adminSites.isPending ? '…' : t('adminWebhooks.unknownSite'));
  const sites = client.sites.map((id) => ({ id, name: siteName(id) }));
  const full = (webhooks.data?.length ?? 0) >= WEBHOOK_LIMITS.perClient;
  const canAdd = sites.length > 0 && webhooks.data !== undefined && !full;

  const failed = (what: string) => (error: unknown) => {
    console.error(what, error);
    showToast(error instanceof ApiError ? error.message : t('adminWebhooks.errors.generic'), 'error');
  };

  const confirmRotate = (subscription: WebhookSubscriptionView) => {
    setRotating(null);
    rotate.mutate(subscription._id, {
      onSuccess: setShownSecret,
      onError: failed('Rotating the webhook secret failed'),
    });
  };

  const confirmDelete = (subscription: WebhookSubscriptionView) => {
    setDeleting(null);
    remove.mutate(subscription._id, {
      onSuccess: () => showToast(t('adminWebhooks.delete.done'), 'success'),
      onError: failed('Deleting the webhook failed'),
    });
  };

  const addButton = (variant: 'contained' | 'outlined') => (
    <Button
      variant={variant}
      startIcon={<AddIcon />}
      onClick={() => setEditing({ subscription: null })}
      disabled={!canAdd}
      data-testid="webhooks-add"
    >
      {t('adminWebhooks.add')}
    </Button>
  );

  let body;
  if (webhooks.isPending)
    body = (
      <Stack
        spacing={1}
        aria-busy="true"
        aria-label={t('adminWebhooks.loading')}
        data-testid="webhooks-loading"
      >
        {[0, 1].map((row) => (
          <Skeleton key={row} variant="rounded" height={132} />
        ))}
      </Stack>
    );
  else if (webhooks.isError)
    body = (
      <ErrorState
        error={webhooks.error}
        title={t('adminWebhooks.loadFailed')}
        onRetry={() => void webhooks.refetch()}
      />
    );
  else if (webhooks.data.length === 0)
    body = (
      <EmptyState
        size="pane"
        icon={<WebhookIcon />}
        title={t('adminWebhooks.empty.title')}
        description={t('adminWebhooks.empty.hint')}
        action={sites.length > 0 && <Stack sx={{ mt: 1 }}>{addButton('outlined')}</Stack>}
      />
    );
  else
    body = (
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('adminWebhooks.listLabel')}
      >
        {webhooks.data.map((subscription) => (
          <WebhookCard
            key={subscription._id}
            subscription={subscription}
            siteName={siteName(subscription.siteId)}
            onDeliveries={setViewing}
            onEdit={(chosen) => setEditing({ subscription: chosen })}
            onRotate={setRotating}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
    );

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
      >
        <DialogTitle id={titleId}>{t('adminWebhooks.title', { name: client.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between' }}
            >
              <DialogContentText variant="body2">{t('adminWebhooks.intro')}</DialogContentText>
              {webhooks.data && webhooks.data.length > 0 && (
                <Stack sx={{ flexShrink: 0 }}>{addButton('contained')}</Stack>
              )}
            </Stack>
            {sites.length === 0 && <Alert severity="info">{t('adminWebhooks.noSites')}</Alert>}
            {full && (
              <Alert severity="info">
                {t('adminWebhooks.limitReached', { max: WEBHOOK_LIMITS.perClient })}
              </Alert>
            )}
            {body}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="webhooks-close">
            {t('adminWebhooks.close')}
          </Button>
        </DialogActions>
      </Dialog>

      {editing && (
        <WebhookFormDialog
          clientId={client._id}
          // A subscription keeps its site (even one the client no longer has): the form shows just that one.
          sites={
            editing.subscription
              ? [{ id: editing.subscription.siteId, name: siteName(editing.subscription.siteId) }]
              : sites
          }
          subscription={editing.subscription}
          onClose={() => setEditing(null)}
          onCreated={setShownSecret}
        />
      )}
      {viewing && (
        <WebhookDeliveriesDialog
          clientId={client._id}
          subscription={viewing}
          siteName={siteName(viewing.siteId)}
          onClose={() => setViewing(null)}
        />
      )}
      <ConfirmDialog
        open={rotating !== null}
        title={t('adminWebhooks.rotate.title')}
        message={t('adminWebhooks.rotate.message')}
        confirmLabel={t('adminWebhooks.rotate.confirm')}
        onConfirm={() => rotating && confirmRotate(rotating)}
        onCancel={() => setRotating(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('adminWebhooks.delete.title')}
        message={t('adminWebhooks.delete.message')}
        confirmLabel={t('adminWebhooks.delete.confirm')}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
      {shownSecret && (
        <SecretOnceDialog
          secret={shownSecret.secret}
          onClose={() => setShownSecret(null)}
          testId="webhook-secret"
          texts={{
            title: t('adminWebhooks.secret.title', { host: hostOf(shownSecret.url) }),
            warning: t('adminWebhooks.secret.once'),
            label: t('adminWebhooks.secret.label'),
            copy: t('adminWebhooks.secret.copy'),
            copied: t('adminWebhooks.secret.copied'),
            copyFailed: t('adminWebhooks.secret.copyFailed'),
            done: t('adminWebhooks.secret.done'),
          }}
        />
      )}
    </>
  );
}
