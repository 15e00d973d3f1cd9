import { sandboxOnboardingBody, type SandboxAccountView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useErrorMessage } from '../../../components/ErrorState';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { useCompleteSandboxOnboarding } from '../api/complete-sandbox-onboarding';

/** The sandbox's test bank account: the well-known German example IBAN, which moves no money. */
export const SANDBOX_TEST_IBAN = 'DE89 3704 0044 0532 0130 00';

type FormValues = z.input<typeof sandboxOnboardingBody>;
type FormOutput = z.output<typeof sandboxOnboardingBody>;

interface SandboxOnboardingFormProps {
  account: SandboxAccountView;
  /** A same-app path to go back to afterwards. */
  returnTo: string;
  /** Leaves the page for Fairway (a full load, as after the real provider's onboarding). */
  onCompleted: (returnTo: string) => void;
}

/** Business name (prefilled) and the fixed test bank account; 'Complete onboarding' activates the account. */
export function SandboxOnboardingForm({ account, returnTo, onCompleted }: SandboxOnboardingFormProps) {
  const { t } = useTranslation();
  const complete = useCompleteSandboxOnboarding(account.id);
  const errorMessage = useErrorMessage(complete.error);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodFormResolver(sandboxOnboardingBody),
    defaultValues: { businessName: account.businessName },
  });

  const submit = form.handleSubmit((body) =>
    complete.mutate(body, { onSuccess: () => onCompleted(returnTo) }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Box>
          <Typography component="h2" variant="h6">
            {t('sandbox.form.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('sandbox.form.subtitle')}
          </Typography>
        </Box>
        <TextField
          {...textFieldProps(form, 'businessName')}
          required
          fullWidth
          label={t('sandbox.form.businessName')}
        />
        <TextField
          fullWidth
          label={t('sandbox.form.iban')}
          value={SANDBOX_TEST_IBAN}
          helperText={t('sandbox.form.ibanHint')}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {t('sandbox.form.accountId', { id: account.id })}
        </Typography>
        {complete.isError && (
          <Alert severity="error">{t('sandbox.form.failed', { message: errorMessage })}</Alert>
        )}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'flex-end' }}
        >
          <Button component={RouterLink} to={returnTo} disabled={complete.isPending || complete.isSuccess}>
            {t('sandbox.form.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            // Stays busy after success: the browser is on its way back to Fairway.
            loading={complete.isPending || complete.isSuccess}
          >
            {t('sandbox.form.complete')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
