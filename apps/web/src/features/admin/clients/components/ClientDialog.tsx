import { clientBody, type ClientView } from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../../lib/api-client';
import { textFieldProps, zodFormResolver } from '../../../../lib/form-validation';
import { showToast } from '../../../../lib/notifications';
import { SitePicker } from '../../components/SitePicker';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';

interface ClientFormValues {
  name: string;
  sites: string[];
}
type ClientFormOutput = z.output<typeof clientBody>;
const resolver = zodFormResolver<ClientFormValues, ClientFormOutput>(
  clientBody as unknown as z.ZodType<ClientFormOutput, ClientFormValues>,
);

interface ClientDialogProps {
  /** null = a new client */
  client: ClientView | null;
  onClose: () => void;
  /** a new client was made: its key, to show once */
  onKey: (clientName: string, apiKey: string) => void;
}

/** Add or edit an API client (spec §2 Clients, §5 name required): its name and the sites its key reaches. */
export function ClientDialog({ client, onClose, onKey }: ClientDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateClient();
  const update = useUpdateClient();
  const saving = create.isPending || update.isPending;
  const form = useForm<ClientFormValues, unknown, ClientFormOutput>({
    resolver,
    defaultValues: { name: client?.name ?? '', sites: client ? [...client.sites] : [] },
  });

  const failed = (error: unknown) => {
    console.error('Saving the API client failed', error);
    showToast(error instanceof ApiError ? error.message : t('adminClients.errors.generic'), 'error');
  };

  const onSubmit = form.handleSubmit((values) => {
    if (client === null) {
      create.mutate(values, {
        // The key dialog that follows says the client was made; a toast would queue ahead of 'Copied to clipboard'.
        onSuccess: (saved) => {
          onClose();
          if (saved.apiKey) onKey(saved.client.name, saved.apiKey);
        },
        onError: failed,
      });
      return;
    }
    const sameSites =
      values.sites.length === client.sites.length && values.sites.every((id) => client.sites.includes(id));
    const body = {
      ...(values.name !== client.name && { name: values.name }),
      ...(!sameSites && { sites: values.sites }),
    };
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { clientId: client._id, body },
      {
        onSuccess: () => {
          showToast(t('adminClients.updated'), 'success');
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
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="client-form">
        <DialogTitle id={titleId}>
          {client ? t('adminClients.editTitle') : t('adminClients.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {client === null && <DialogContentText>{t('adminClients.addHint')}</DialogContentText>}
            <TextField
              {...textFieldProps(form, 'name')}
              label={t('adminClients.form.name')}
              required
              fullWidth
              autoFocus
              autoComplete="off"
              slotProps={{ htmlInput: { 'data-testid': 'client-form-name' } }}
            />
            <Controller
              control={form.control}
              name="sites"
              render={({ field, fieldState }) => (
                <SitePicker
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  label={t('adminClients.form.sites')}
                />
              )}
            />
            <DialogContentText variant="body2">{t('adminClients.form.sitesHint')}</DialogContentText>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('adminClients.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving} data-testid="client-form-submit">
            {client ? t('adminClients.save') : t('adminClients.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
