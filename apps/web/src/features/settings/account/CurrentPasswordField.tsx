import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import type { textFieldProps } from '../../../lib/form-validation';

/** The current password, which the server needs before it changes the email or the password. */
export function CurrentPasswordField(props: ReturnType<typeof textFieldProps>) {
  const { t } = useTranslation();
  return (
    <PasswordField
      {...props}
      helperText={props.helperText ?? t('account.currentPasswordHint')}
      label={t('account.currentPassword')}
      autoComplete="current-password"
      required
      fullWidth
    />
  );
}
