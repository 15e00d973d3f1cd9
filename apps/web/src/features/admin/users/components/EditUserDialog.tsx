import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { UserView } from '@fairway/domain';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { PasswordField } from '../../../../components/PasswordField';
import { ApiError } from '../../../../lib/api-client';
import { textFieldProps } from '../../../../lib/form-validation';
import { showToast } from '../../../../lib/notifications';
import { RoleSelect } from '../../components/RoleSelect';
import { SitePicker } from '../../components/SitePicker';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';
import {
  userFormResolver as resolver,
  userFormValues,
  userPatch,
  type UserFormOutput,
  type UserFormValues,
} from '../lib/user-form';

type Section = 'account' | 'password' | 'sites' | 'delete';

/** Which section holds each field, so a refused save opens the section that has the problem. */
const SECTION_OF: Record<keyof UserFormValues, Section> = {
  email: 'account',
  role: 'account',
  password: 'password',
  confirmPassword: 'password',
  sites: 'sites',
};

interface EditUserDialogProps {
  open: boolean;
  user: UserView;
  onClose: () => void;
}

/**
 * Edit User (spec §2 Users): accordions Email & Role, Password, Site Assignment and Delete User. One Save
 * sends what changed; the server's refusals (409 email taken, 400) show in the dialog, at the field they
 * concern where there is one.
 */
export function EditUserDialog({ open, user, onClose }: EditUserDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [expanded, setExpanded] = useState<Set<Section>>(() => new Set(['account']));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver,
    defaultValues: userFormValues(user),
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const busy = update.isPending || remove.isPending;

  const toggle = (section: Section) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });

  const openSectionsOf = (errors: FieldErrors<UserFormValues>) =>
    setExpanded((current) => {
      const next = new Set(current);
      for (const field of Object.keys(errors) as (keyof UserFormValues)[]) next.add(SECTION_OF[field]);
      return next;
    });

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setExpanded((current) => new Set(current).add('account'));
      form.setError('email', { type: 'taken', message: error.message }, { shouldFocus: true });
      return;
    }
    if (!(error instanceof ApiError) || error.status >= 500) console.error('Saving the user failed', error);
    setRefusal(error instanceof ApiError ? error.message : t('adminUsers.edit.failed'));
  };

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    const patch = userPatch(user, values);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { userId: user._id, body: patch },
      {
        onSuccess: () => {
          showToast(t('adminUsers.edit.saved'), 'success');
          onClose();
        },
        onError: refused,
      },
    );
  }, openSectionsOf);

  const deleteUser = () => {
    setConfirmingDelete(false);
    setRefusal(null);
    remove.mutate(user._id, {
      onSuccess: () => {
        showToast(t('adminUsers.delete.done'), 'success');
        onClose();
      },
      onError: refused,
    });
  };

  const section = (id: Section, title: string, children: ReactNode) => (
    <Accordion
      expanded={expanded.has(id)}
      onChange={() => toggle(id)}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h3' } }}
      data-testid={`user-section-${id}`}
    >
      {/* Ids of its own, so each section's region is named by its title (axe landmark-unique). */}
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={`${titleId}-${id}-summary`}
        aria-controls={`${titleId}-${id}-content`}
      >
        <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );

  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : onClose}
        aria-labelledby={titleId}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="user-form">
          <DialogTitle id={titleId}>{t('adminUsers.edit.title')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, wordBreak: 'break-all' }}>
              {user.email}
            </Typography>
            {refusal !== null && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="user-form-refusal">
                {refusal}
              </Alert>
            )}
            {section(
              'account',
              t('adminUsers.edit.sections.account'),
              <Stack spacing={2} sx={{ pt: 1 }}>
                <TextField
                  {...textFieldProps(form, 'email')}
                  label={t('adminUsers.form.email')}
                  type="email"
                  required
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
              </Stack>,
            )}
            {section(
              'password',
              t('adminUsers.edit.sections.password'),
              <Stack spacing={2} sx={{ pt: 1 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('adminUsers.edit.passwordHint')}
                </Typography>
                <PasswordField
                  {...textFieldProps(form, 'password')}
                  label={t('auth.newPassword')}
                  autoComplete="new-password"
                  fullWidth
                />
                <PasswordField
                  {...textFieldProps(form, 'confirmPassword')}
                  label={t('auth.confirmPassword')}
                  autoComplete="new-password"
                  fullWidth
                />
              </Stack>,
            )}
            {section(
              'sites',
              t('adminUsers.edit.sections.sites'),
              role === 'superadmin' ? (
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
              ),
            )}
            {section(
              'delete',
              t('adminUsers.edit.sections.delete'),
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2">{t('adminUsers.delete.hint')}</Typography>
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteIcon />}
                  onClick={() => setConfirmingDelete(true)}
                  disabled={busy}
                  data-testid="user-delete"
                >
                  {t('adminUsers.delete.button')}
                </Button>
              </Stack>,
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {t('adminUsers.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy} data-testid="user-form-save">
              {t('adminUsers.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('adminUsers.delete.title')}
        message={t('adminUsers.delete.message', { email: user.email })}
        confirmLabel={t('adminUsers.delete.confirm')}
        cancelLabel={t('adminUsers.cancel')}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={deleteUser}
      />
    </>
  );
}
