import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { showToast } from '../../../lib/notifications';
import { useAccount, useUpdateAccount } from '../../auth';
import {
  changeEmailForm,
  EMPTY_EMAIL_FORM,
  refusedField,
  type ChangeEmail,
  type ChangeEmailValues,
} from './account-forms';
import { AccountFormCard } from './AccountFormCard';
import { CurrentPasswordField } from './CurrentPasswordField';

/** Change email: the new address twice and the current password, then 'Change email?' before saving. */
export function ChangeEmailCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const update = useUpdateAccount();
  const currentEmail = account.data?.email;
  const resolver = useMemo(() => zodFormResolver(changeEmailForm(currentEmail)), [currentEmail]);
  const form = useForm<ChangeEmailValues, unknown, ChangeEmail>({
    resolver,
    defaultValues: EMPTY_EMAIL_FORM,
  });
  // The checked change waiting for the user's yes in the dialog.
  const [confirming, setConfirming] = useState<ChangeEmail | null>(null);

  const failed = (error: unknown) => {
    const field = refusedField(error);
    if (field === 'currentPassword') {
      form.setError(
        field,
        { type: 'server', message: t('account.currentPasswordWrong') },
        { shouldFocus: true },
      );
    } else if (field === 'email') {
      form.setError(field, { type: 'server', message: t('account.email.taken') }, { shouldFocus: true });
    } else {
      console.error('Changing the email failed', error);
      showToast(error instanceof ApiError ? error.message : t('account.failed'), 'error');
    }
  };

  const change = (values: ChangeEmail) => {
    setConfirming(null);
    update.mutate(
      { email: values.email, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          showToast(t('account.email.success'), 'success');
          form.reset(EMPTY_EMAIL_FORM);
        },
        onError: failed,
      },
    );
  };

  const onSubmit = form.handleSubmit((values) => setConfirming(values));
  return (
    <AccountFormCard
      title={t('account.email.title')}
      subtitle={t('account.email.subtitle')}
      submitLabel={t('account.email.submit')}
      pending={update.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      {account.isPending && <Skeleton variant="rounded" height={56} data-testid="current-email-loading" />}
      {account.isError && (
        <ErrorState
          error={account.error}
          onRetry={() => void account.refetch()}
          title={t('account.loadFailed')}
        />
      )}
      {currentEmail !== undefined && (
        <TextField
          label={t('account.email.current')}
          value={currentEmail}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      )}
      <TextField
        {...textFieldProps(form, 'email')}
        label={t('account.email.new')}
        type="email"
        autoComplete="email"
        required
        fullWidth
      />
      <TextField
        {...textFieldProps(form, 'confirmEmail')}
        label={t('account.email.confirm')}
        type="email"
        autoComplete="off"
        required
        fullWidth
      />
      <CurrentPasswordField {...textFieldProps(form, 'currentPassword')} />
      <ConfirmDialog
        open={confirming !== null}
        title={t('account.email.confirmTitle')}
        message={t('account.email.confirmMessage', { email: confirming?.email ?? '' })}
        confirmLabel={t('account.email.submit')}
        onConfirm={() => confirming && change(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </AccountFormCard>
  );
}
