import type { WebhookSubscriptionView, WebhookSubscriptionWithSecret } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { textFieldProps } from '../../../../lib/form-validation';
import { showToast } from '../../../../lib/notifications';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { webhookChanges, webhookFormResolver, type WebhookFormValues } from './webhook-form';
import { WebhookEventsField } from './WebhookEventsField';

interface WebhookFormDialogProps {
  clientId: string;
  /** the client's sites, as offered for a new subscription (id and name) */
  sites: readonly { id: string; name: string }[];
  /** null = a new subscription */
  subscription: WebhookSubscriptionView | null;
  onClose: () => void;
  /** a subscription was made: its secret, to show once */
  onCreated: (created: WebhookSubscriptionWithSecret) => void;
}

/** Add or edit a subscription: its site (fixed once made), the receiver's address, the events, on or off. */
export function WebhookFormDialog({
  clientId,
  sites,
  subscription,
  onClose,
  onCreated,
}: WebhookFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateWebhook(clientId);
  const update = useUpdateWebhook(clientId);
  const saving = create.isPending || update.isPending;
  const form = useForm<WebhookFormValues>({
    resolver: webhookFormResolver,
    defaultValues: {
      // One site to choose from is chosen already.
      siteId: subscription?.siteId ?? (sites.length === 1 ? sites[0]!.id : ''),
      url: subscription?.url ?? '',
      events: subscription ? [...subscription.events] : [],
      enabled: subscription?.enabled ?? true,
    },
  });
  const urlField = textFieldProps(form, 'url');
  const autoDisabled = subscription !== null && !subscription.enabled && subscription.disabledReason !== null;

  const failed = (error: unknown) => {
    console.error('Saving the webhook failed', error);
    showToast(error instanceof ApiError ? error.message : t('adminWebhooks.errors.generic'), 'error');
  };

  const onSubmit = form.handleSubmit((values) => {
    if (subscription === null) {
      create.mutate(values, {
        // The secret dialog that follows says the webhook was made.
        onSuccess: (created) => {
          onClose();
          onCreated(created);
        },
        onError: failed,
      });
      return;
    }
    const body = webhookChanges(subscription, values);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: subscription._id, body },
      {
        onSuccess: () => {
          showToast(t('adminWebhooks.form.updated'), 'success');
          onClose();
        },
        onError: failed,
      },
    );
  });

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="webhook-form">
        <DialogTitle id={titleId}>
          {subscription ? t('adminWebhooks.form.editTitle') : t('adminWebhooks.form.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {subscription === null && (
              <DialogContentText>{t('adminWebhooks.form.addHint')}</DialogContentText>
            )}
            <Controller
              control={form.control}
              name="siteId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('adminWebhooks.form.site')}
                  required
                  fullWidth
                  disabled={subscription !== null}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error !== undefined}
                  helperText={
                    fieldState.error?.message ??
                    (subscription === null ? undefined : t('adminWebhooks.form.siteHint'))
                  }
                  slotProps={{
                    select: { SelectDisplayProps: { 'data-testid': 'webhook-form-site' } as object },
                  }}
                >
                  {sites.map((site) => (
                    <MenuItem key={site.id} value={site.id}>
                      {site.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...urlField}
              label={t('adminWebhooks.form.url')}
              required
              fullWidth
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              helperText={urlField.helperText ?? t('adminWebhooks.form.urlHint')}
              slotProps={{ htmlInput: { 'data-testid': 'webhook-form-url', spellCheck: false } }}
            />
            <Controller
              control={form.control}
              name="events"
              render={({ field, fieldState }) => (
                <WebhookEventsField
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { 'data-testid': 'webhook-form-enabled' } as object }}
                    />
                  }
                  label={t('adminWebhooks.form.enabled')}
                />
              )}
            />
            {autoDisabled && <Alert severity="info">{t('adminWebhooks.form.autoDisabledHint')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('adminWebhooks.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving} data-testid="webhook-form-submit">
            {subscription ? t('adminWebhooks.form.save') : t('adminWebhooks.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
