import { normalizeWebsite, type SiteView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { showToast } from '../../../lib/notifications';
import { useUpdateSite } from '../../sites';
import { siteSaveErrorMessage } from '../booking/site-save-error';
import {
  formValuesOf,
  publicProfileForm,
  type PublicProfileFormOutput,
  type PublicProfileFormValues,
} from './public-profile-form';

interface PublicProfileDialogProps {
  open: boolean;
  site: SiteView;
  onClose: () => void;
}

/**
 * Edits what guests see of the club in the booking app: display name (required), description, website
 * ('https://' added when it has no scheme, shown as soon as the field is left), address and terms.
 * Closing with changes asks before discarding them (spec §4).
 */
export function PublicProfileDialog({ open, site, onClose }: PublicProfileDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateSite(site._id);
  const form = useForm<PublicProfileFormValues, unknown, PublicProfileFormOutput>({
    resolver: zodFormResolver(publicProfileForm),
    defaultValues: formValuesOf(site.publicProfile),
  });
  const { isDirty, isSubmitted } = form.formState;
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const requestClose = () => {
    if (update.isPending) return;
    if (isDirty) setConfirmingDiscard(true);
    else onClose();
  };

  const submit = form.handleSubmit((publicProfile) =>
    update.mutate(
      { updateData: { publicProfile } },
      {
        onSuccess: () => {
          showToast(t('publicProfile.dialog.saved'), 'success');
          onClose();
        },
        onError: (error) => showToast(siteSaveErrorMessage(error, t), 'error'),
      },
    ),
  );

  const website = form.register('website', {
    // The operator sees the address as it will be saved, not only after saving.
    onBlur: (event: { target: { value: string } }) =>
      form.setValue('website', normalizeWebsite(event.target.value), {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      }),
  });
  const websiteError = form.getFieldState('website', form.formState).error;

  return (
    <>
      <Dialog open={open} onClose={requestClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{t('publicProfile.dialog.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                {...textFieldProps(form, 'name')}
                autoFocus
                required
                fullWidth
                label={t('publicProfile.fields.name')}
              />
              <TextField
                {...textFieldProps(form, 'description')}
                fullWidth
                multiline
                minRows={3}
                label={t('publicProfile.fields.description')}
              />
              <TextField
                name={website.name}
                onChange={website.onChange}
                onBlur={website.onBlur}
                inputRef={website.ref}
                fullWidth
                type="url"
                label={t('publicProfile.fields.website')}
                placeholder="https://"
                error={websiteError !== undefined}
                helperText={
                  websiteError
                    ? websiteError.type === 'custom'
                      ? t('publicProfile.dialog.websiteInvalid')
                      : websiteError.message
                    : t('publicProfile.dialog.websiteHint')
                }
              />
              <Typography component="h3" variant="subtitle2">
                {t('publicProfile.fields.address')}
              </Typography>
              <TextField
                {...textFieldProps(form, 'address.street')}
                fullWidth
                label={t('publicProfile.fields.street')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...textFieldProps(form, 'address.postcode')}
                  label={t('publicProfile.fields.postcode')}
                  sx={{ flex: 1 }}
                />
                <TextField
                  {...textFieldProps(form, 'address.city')}
                  label={t('publicProfile.fields.city')}
                  sx={{ flex: 2 }}
                />
              </Stack>
              <TextField
                {...textFieldProps(form, 'address.country')}
                fullWidth
                label={t('publicProfile.fields.country')}
              />
              <TextField
                {...textFieldProps(form, 'termsAndConditions')}
                fullWidth
                multiline
                minRows={4}
                maxRows={12}
                label={t('publicProfile.fields.terms')}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={update.isPending}>
              {t('publicProfile.dialog.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('publicProfile.dialog.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirmingDiscard}
        title={t('publicProfile.dialog.discardTitle')}
        message={t('publicProfile.dialog.discardMessage')}
        confirmLabel={t('publicProfile.dialog.discard')}
        cancelLabel={t('publicProfile.dialog.keepEditing')}
        onCancel={() => setConfirmingDiscard(false)}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      />
    </>
  );
}
