import { forgotPasswordBody } from '@fairway/domain';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useErrorMessage } from '../../../components/ErrorState';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthCardHeader } from '../components/AuthCardHeader';
import { SubmitButton } from '../components/SubmitButton';

const resolver = zodFormResolver(forgotPasswordBody);

/**
 * /login/resetPassword: asks for a reset link. The confirmation reads the same whether or not the address
 * has an account, like the server's answer, so the page cannot be used to probe for accounts.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const request = useRequestPasswordReset();
  const form = useForm({ resolver, defaultValues: { email: searchParams.get('email') ?? '' } });
  const errorMessage = useErrorMessage(request.error);

  if (request.isSuccess) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <AuthCardHeader title={t('auth.forgotPassword.sentTitle')} />
        <Alert severity="success" sx={{ textAlign: 'left' }} data-testid="reset-link-sent">
          {t('auth.forgotPassword.sent', { email: request.variables.email })}
        </Alert>
        <Link component={RouterLink} to="/login">
          {t('auth.backToLogin')}
        </Link>
      </Stack>
    );
  }

  const onSubmit = form.handleSubmit((values) => request.mutate(values));
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      <AuthCardHeader title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')} />
      {request.isError && <Alert severity="error">{errorMessage}</Alert>}
      <TextField
        {...textFieldProps(form, 'email')}
        label={t('auth.email')}
        type="email"
        autoComplete="username"
        autoFocus
        required
        fullWidth
      />
      <SubmitButton pending={request.isPending}>{t('auth.forgotPassword.submit')}</SubmitButton>
      <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
        {t('auth.backToLogin')}
      </Link>
    </Stack>
  );
}
