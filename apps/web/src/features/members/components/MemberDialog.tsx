import { MEMBER_LANGS, type MemberLang, type MemberView } from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { showToast } from '../../../lib/notifications';
import { useCreateMember } from '../api/create-member';
import { useUpdateMember } from '../api/update-member';
import {
  createBody,
  memberForm,
  memberFormValues,
  patchBody,
  type MemberFormOutput,
  type MemberFormValues,
} from '../lib/member-form';
import { UserGroupSelect } from './UserGroupSelect';

const resolver = zodFormResolver(memberForm);

interface MemberDialogProps {
  open: boolean;
  siteId: string;
  keypad: boolean;
  /** null = a new member */
  member: MemberView | null;
  /** a new member's language: the site's */
  defaultLang: MemberLang;
  onClose: () => void;
}

/**
 * Add member and Edit driver (spec §2): name, email and language everywhere; member number (and, when
 * editing, the user group) on ordinary sites; phone, company and induction on keypad sites. The language
 * is the one the member's codes are emailed in. A taken email (409) shows at the email field.
 */
export function MemberDialog({ open, siteId, keypad, member, defaultLang, onClose }: MemberDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateMember(siteId);
  const update = useUpdateMember(siteId);
  const form = useForm<MemberFormValues, unknown, MemberFormOutput>({
    resolver,
    defaultValues: memberFormValues(member, defaultLang),
  });
  const saving = create.isPending || update.isPending;

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      form.setError('email', { type: 'taken', message: t('members.form.emailTaken') }, { shouldFocus: true });
      return;
    }
    console.error('Saving the member failed', error);
    showToast(error instanceof ApiError ? error.message : t('members.form.saveFailed'), 'error');
  };

  const onSubmit = form.handleSubmit((values) => {
    const layout = { keypad };
    if (member === null) {
      create.mutate(createBody(values, layout), {
        onSuccess: () => {
          showToast(t('members.form.added'), 'success');
          onClose();
        },
        onError: failed,
      });
      return;
    }
    const changes = patchBody(member, values, layout);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { memberId: member._id, body: changes },
      {
        onSuccess: () => {
          showToast(t('members.form.updated'), 'success');
          onClose();
        },
        onError: failed,
      },
    );
  });

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="member-form">
        <DialogTitle id={titleId}>
          {member ? t('members.form.editTitle') : t('members.form.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...textFieldProps(form, 'name')}
              label={t('members.form.name')}
              required
              autoFocus
              fullWidth
              autoComplete="off"
            />
            <TextField
              {...textFieldProps(form, 'email')}
              label={t('members.form.email')}
              type="email"
              required
              fullWidth
              autoComplete="off"
            />
            {keypad ? (
              <>
                <TextField
                  {...textFieldProps(form, 'phone')}
                  label={t('members.form.phone')}
                  type="tel"
                  fullWidth
                  autoComplete="off"
                />
                <TextField
                  {...textFieldProps(form, 'company')}
                  label={t('members.form.company')}
                  fullWidth
                  autoComplete="off"
                />
                <Controller
                  control={form.control}
                  name="induction"
                  render={({ field }) => (
                    <FormControlLabel
                      label={t('members.form.induction')}
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                        />
                      }
                    />
                  )}
                />
              </>
            ) : (
              <>
                <TextField
                  {...textFieldProps(form, 'memberNumber')}
                  label={t('members.form.memberNumber')}
                  fullWidth
                  autoComplete="off"
                />
                {member !== null && (
                  <Controller
                    control={form.control}
                    name="userGroup"
                    render={({ field }) => (
                      <UserGroupSelect
                        siteId={siteId}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                )}
              </>
            )}
            <Controller
              control={form.control}
              name="lang"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('members.form.language')}
                  helperText={t('members.form.languageHint')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                >
                  {MEMBER_LANGS.map((lang) => (
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
          <Button onClick={onClose} disabled={saving}>
            {t('members.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="member-form-save">
            {t('members.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
