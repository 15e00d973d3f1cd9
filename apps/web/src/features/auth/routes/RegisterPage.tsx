import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../lib/notifications';
import { useRegister } from '../api/register';
import { ChoosePasswordForm } from '../components/ChoosePasswordForm';

/** /login/register?email&token: an invited user chooses a password, then logs in with the email. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const register = useRegister();

  return (
    <ChoosePasswordForm
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      submitLabel={t('auth.register.submit')}
      linkComplete={Boolean(email && token)}
      incompleteLinkAction={{ to: '/login', label: t('auth.backToLogin') }}
      mutation={register}
      onPassword={(password) =>
        register.mutate(
          { email, token, password },
          {
            onSuccess: () => {
              showToast(t('auth.register.success'), 'success');
              void navigate(`/login?${new URLSearchParams({ email }).toString()}`, { replace: true });
            },
          },
        )
      }
    >
      <TextField
        label={t('auth.email')}
        value={email}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    </ChoosePasswordForm>
  );
}
