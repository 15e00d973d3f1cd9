import { INVITE_LANGS } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { textFieldProps } from '../../../../lib/form-validation';
import { showToast } from '../../../../lib/notifications';
import { RoleSelect } from '../../components/RoleSelect';
import { SitePicker } from '../../components/SitePicker';
import { useCreateInvite } from '../api/create-invite';
import {
  inviteBody,
  inviteFormResolver,
  NEW_INVITE,
  type InviteFormOutput,
  type InviteFormValues,
} from '../lib/invite-form';

/**
 * Add User (spec §2 Invites): email, role, sites and the language of the invite mail. The invitee receives a
 * link to choose a password; 409 (an account or an invite exists) shows at the email, other refusals above.
 */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateInvite();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<InviteFormValues, unknown, InviteFormOutput>({
    resolver: inviteFormResolver,
    defaultValues: NEW_INVITE,
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    create.mutate(inviteBody(values), {
      onSuccess: () => {
        showToast(t('adminUsers.add.done'), 'success');
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          form.setError('email', { type: 'taken', message: error.message }, { shouldFocus: true });
          return;
        }
        if (!(error instanceof ApiError) || error.status >= 500) console.error('Inviting failed', error);
        setRefusal(error instanceof ApiError ? error.message : t('adminUsers.add.failed'));
      },
    });
  });

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="invite-form">
        <DialogTitle id={titleId}>{t('adminUsers.add.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('adminUsers.add.hint')}
            </Typography>
            {refusal !== null && (
              <Alert severity="error" data-testid="invite-form-refusal">
                {refusal}
              </Alert>
            )}
            <TextField
              {...textFieldProps(form, 'email')}
              label={t('adminUsers.form.email')}
              type="email"
              required
              autoFocus
              fullWidth
              autoComplete="off"
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <RoleSelect
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            {role === 'superadmin' ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('adminUsers.form.superadminSites')}
              </Typography>
            ) : (
              <Controller
                control={form.control}
                name="sites"
                render={({ field, fieldState }) => (
                  <SitePicker
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    required
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="lang"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  required
                  label={t('adminUsers.form.language')}
                  helperText={t('adminUsers.form.languageHint')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'invite-lang' } as object } }}
                >
                  {INVITE_LANGS.map((lang) => (
                    <MenuItem key={lang} value={lang} lang={lang}>
                      {t(`language.names.${lang}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('adminUsers.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            data-testid="invite-form-send"
          >
            {t('adminUsers.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
