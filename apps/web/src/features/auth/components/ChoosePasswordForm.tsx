import { registerBody } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorMessage } from '../../../components/ErrorState';
import { PasswordField } from '../../../components/PasswordField';
import { textFieldProps, withPasswordConfirmation, zodFormResolver } from '../../../lib/form-validation';
import { AuthCardHeader } from './AuthCardHeader';
import { SubmitButton } from './SubmitButton';

// Registration and password reset share the server's password rule.
const resolver = zodFormResolver(withPasswordConfirmation(registerBody.shape.password));

interface ChoosePasswordFormProps {
  title: string;
  subtitle: string;
  submitLabel: string;
  /** false when the mailed link lacks its query parameters: the form is replaced by a way out */
  linkComplete: boolean;
  incompleteLinkAction: { to: string; label: string };
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  onPassword(password: string): void;
  /** shown above the password fields (the invited email, read-only) */
  children?: ReactNode;
  footer?: ReactNode;
}

/** The page a mailed link opens to choose a password: an invite (register) or a reset link. */
export function ChoosePasswordForm(props: ChoosePasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const errorMessage = useErrorMessage(props.mutation.error);

  if (!props.linkComplete) {
    return (
      <Stack spacing={2}>
        <AuthCardHeader title={props.title} />
        <Alert severity="error">{t('auth.incompleteLink')}</Alert>
        <Link component={RouterLink} to={props.incompleteLinkAction.to} sx={{ alignSelf: 'center' }}>
          {props.incompleteLinkAction.label}
        </Link>
      </Stack>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) => props.onPassword(password));
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      <AuthCardHeader title={props.title} subtitle={props.subtitle} />
      {props.mutation.isError && <Alert severity="error">{errorMessage}</Alert>}
      {props.children}
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
      <SubmitButton pending={props.mutation.isPending}>{props.submitLabel}</SubmitButton>
      {props.footer}
    </Stack>
  );
}
