import { resetPasswordBody } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useErrorMessage } from '../../../components/ErrorState';
import { PasswordField } from '../../../components/PasswordField';
import { textFieldProps, withPasswordConfirmation, zodFormResolver } from '../../../lib/form-validation';
import { showToast } from '../../../lib/notifications';
import { useResetPassword } from '../api/reset-password';
import { AuthCardHeader } from '../components/AuthCardHeader';
import { SubmitButton } from '../components/SubmitButton';

const resolver = zodFormResolver(withPasswordConfirmation(resetPasswordBody.shape.password));

/** /login/passwordReset?id&token: the emailed link; sets a new password, then back to the login. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('id') ?? '';
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const errorMessage = useErrorMessage(reset.error);

  if (!userId || !token) {
    return (
      <Stack spacing={2}>
        <AuthCardHeader title={t('auth.passwordReset.title')} />
        <Alert severity="error">{t('auth.incompleteLink')}</Alert>
        <Link component={RouterLink} to="/login/resetPassword" sx={{ alignSelf: 'center' }}>
          {t('auth.passwordReset.requestNewLink')}
        </Link>
      </Stack>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { userId, token, password },
      {
        onSuccess: () => {
          showToast(t('auth.passwordReset.success'), 'success');
          void navigate('/login', { replace: true });
        },
      },
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      <AuthCardHeader title={t('auth.passwordReset.title')} subtitle={t('auth.passwordReset.subtitle')} />
      {reset.isError && <Alert severity="error">{errorMessage}</Alert>}
      <PasswordField
        {...textFieldProps(form, 'password')}
        label={t('auth.newPassword')}
        autoComplete="new-password"
        autoFocus
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(form, 'confirmPassword')}
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <SubmitButton pending={reset.isPending}>{t('auth.passwordReset.submit')}</SubmitButton>
      <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
        {t('auth.backToLogin')}
      </Link>
    </Stack>
  );
}
