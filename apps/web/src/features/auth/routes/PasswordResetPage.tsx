import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../lib/notifications';
import { useResetPassword } from '../api/reset-password';
import { ChoosePasswordForm } from '../components/ChoosePasswordForm';

/** /login/passwordReset?id&token: the emailed link; sets a new password, then back to the login. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('id') ?? '';
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();

  return (
    <ChoosePasswordForm
      title={t('auth.passwordReset.title')}
      subtitle={t('auth.passwordReset.subtitle')}
      submitLabel={t('auth.passwordReset.submit')}
      linkComplete={Boolean(userId && token)}
      incompleteLinkAction={{ to: '/login/resetPassword', label: t('auth.passwordReset.requestNewLink') }}
      mutation={reset}
      onPassword={(password) =>
        reset.mutate(
          { userId, token, password },
          {
            onSuccess: () => {
              showToast(t('auth.passwordReset.success'), 'success');
              void navigate('/login', { replace: true });
            },
          },
        )
      }
      footer={
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      }
    />
  );
}
