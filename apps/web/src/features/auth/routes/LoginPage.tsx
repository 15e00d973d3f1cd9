import { loginBody } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/PasswordField';
import { useErrorMessage } from '../../../components/ErrorState';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useLogin } from '../api/login';
import { AuthCardHeader } from '../components/AuthCardHeader';
import { SubmitButton } from '../components/SubmitButton';

const resolver = zodFormResolver(loginBody);

/** /login: email and password; a failed attempt shows the server's message (wrong password, rate limit). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const form = useForm({ resolver, defaultValues: { email: searchParams.get('email') ?? '', password: '' } });
  const errorMessage = useErrorMessage(login.error);

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => void navigate(safeRedirectPath(searchParams.get('redirectTo')), { replace: true }),
    }),
  );

  const email = useWatch({ control: form.control, name: 'email' });
  const forgotLink = email
    ? `/login/resetPassword?${new URLSearchParams({ email }).toString()}`
    : '/login/resetPassword';

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      <AuthCardHeader title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      {login.isError && (
        <Alert severity="error" data-testid="login-error">
          {errorMessage}
        </Alert>
      )}
      <TextField
        {...textFieldProps(form, 'email')}
        label={t('auth.email')}
        type="email"
        autoComplete="username"
        autoFocus
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(form, 'password')}
        label={t('auth.password')}
        autoComplete="current-password"
        required
        fullWidth
      />
      <SubmitButton pending={login.isPending}>{t('auth.login.submit')}</SubmitButton>
      <Link component={RouterLink} to={forgotLink} sx={{ alignSelf: 'center' }}>
        {t('auth.login.forgotPassword')}
      </Link>
    </Stack>
  );
}
