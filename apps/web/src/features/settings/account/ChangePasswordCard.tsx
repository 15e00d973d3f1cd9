import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PasswordField } from '../../../components/PasswordField';
import { ApiError } from '../../../lib/api-client';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { showToast } from '../../../lib/notifications';
import { useUpdateAccount } from '../../auth';
import {
  changePasswordForm,
  EMPTY_PASSWORD_FORM,
  refusedField,
  type ChangePasswordValues,
} from './account-forms';
import { AccountFormCard } from './AccountFormCard';
import { CurrentPasswordField } from './CurrentPasswordField';

const resolver = zodFormResolver(changePasswordForm);

/** Change password: the new one twice and the current one, then 'Change password?' before saving. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useForm<ChangePasswordValues>({ resolver, defaultValues: EMPTY_PASSWORD_FORM });
  const [confirming, setConfirming] = useState<ChangePasswordValues | null>(null);

  const failed = (error: unknown) => {
    if (refusedField(error) === 'currentPassword') {
      form.setError(
        'currentPassword',
        { type: 'server', message: t('account.currentPasswordWrong') },
        { shouldFocus: true },
      );
      return;
    }
    console.error('Changing the password failed', error);
    showToast(error instanceof ApiError ? error.message : t('account.failed'), 'error');
  };

  const change = (values: ChangePasswordValues) => {
    setConfirming(null);
    update.mutate(
      { password: values.password, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          showToast(t('account.password.success'), 'success');
          form.reset(EMPTY_PASSWORD_FORM);
        },
        onError: failed,
      },
    );
  };

  const onSubmit = form.handleSubmit((values) => setConfirming(values));
  return (
    <AccountFormCard
      title={t('account.password.title')}
      subtitle={t('account.password.subtitle')}
      submitLabel={t('account.password.submit')}
      pending={update.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <PasswordField
        {...textFieldProps(form, 'password')}
        label={t('account.password.new')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(form, 'confirmPassword')}
        label={t('account.password.confirm')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <CurrentPasswordField {...textFieldProps(form, 'currentPassword')} />
      <ConfirmDialog
        open={confirming !== null}
        title={t('account.password.confirmTitle')}
        message={t('account.password.confirmMessage')}
        confirmLabel={t('account.password.submit')}
        onConfirm={() => confirming && change(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </AccountFormCard>
  );
}
