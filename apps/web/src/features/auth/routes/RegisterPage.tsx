import { registerBody } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useErrorMessage } from '../../../components/ErrorState';
import { PasswordField } from '../../../components/PasswordField';
import { textFieldProps, withPasswordConfirmation, zodFormResolver } from '../../../lib/form-validation';
import { showToast } from '../../../lib/notifications';
import { useRegister } from '../api/register';
import { AuthCardHeader } from '../components/AuthCardHeader';
import { SubmitButton } from '../components/SubmitButton';

const resolver = zodFormResolver(withPasswordConfirmation(registerBody.shape.password));

/** /login/register?email&token: an invited user chooses a password, then logs in with the email. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const register = useRegister();
  const form = useForm({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const errorMessage = useErrorMessage(register.error);

  if (!email || !token) {
    return (
      <Stack spacing={2}>
        <AuthCardHeader title={t('auth.register.title')} />
        <Alert severity="error">{t('auth.incompleteLink')}</Alert>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </Stack>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) =>
    register.mutate(
      { email, token, password },
      {
        onSuccess: () => {
          showToast(t('auth.register.success'), 'success');
          void navigate(`/login?${new URLSearchParams({ email }).toString()}`, { replace: true });
        },
      },
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      <AuthCardHeader title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
      {register.isError && <Alert severity="error">{errorMessage}</Alert>}
      <TextField
        label={t('auth.email')}
        value={email}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
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
      <SubmitButton pending={register.isPending}>{t('auth.register.submit')}</SubmitButton>
    </Stack>
  );
}
