import type { SandboxCheckoutView, SandboxPayBody } from '@fairway/domain';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textFieldProps, zodFormResolver } from '../../../lib/form-validation';
import { useCancelSandboxCheckout } from '../api/cancel-sandbox-checkout';
import { usePaySandboxCheckout } from '../api/pay-sandbox-checkout';
import {
  cardFormSchema,
  EMPTY_CARD_FORM,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardFormValues,
} from './card-fields';
import { FormattedCardField } from './FormattedCardField';
import { moneyText } from './format';
import { paymentRefusal } from './payment-refusal';
import { ACTION_SX } from './action-style';

interface CardPaymentFormProps {
  checkout: SandboxCheckoutView;
  /** Leaves for the app that started the checkout (a full page load, as after the real provider's page). */
  onLeave: (url: string) => void;
}

/**
 * Card number, expiry, CVC and name, checked in the browser first; 'Pay {amount}' charges the test card.
 * A refusal is shown next to the field at fault (expired, not a test card) or above the button.
 */
export function CardPaymentForm({ checkout, onLeave }: CardPaymentFormProps) {
  const { t, i18n } = useTranslation();
  const pay = usePaySandboxCheckout(checkout.id);
  const cancel = useCancelSandboxCheckout(checkout.id);
  const resolver = useMemo(() => zodFormResolver(cardFormSchema(t)), [t]);
  const form = useForm<CardFormValues, unknown, SandboxPayBody>({ resolver, defaultValues: EMPTY_CARD_FORM });

  // Busy until the browser has left: after success the page stays as it is while the next one loads.
  const paying = pay.isPending || pay.isSuccess;
  const cancelling = cancel.isPending || cancel.isSuccess;
  const refusal = pay.isError ? paymentRefusal(pay.error, t) : null;
  const amount = moneyText(checkout.amount, checkout.currency, i18n.resolvedLanguage);

  const submit = form.handleSubmit((body) =>
    pay.mutate(body, {
      onSuccess: onLeave,
      onError: (error) => {
        const { field, message } = paymentRefusal(error, t);
        if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
      },
    }),
  );

  const leaveWithoutPaying = () =>
    cancel.mutate(undefined, {
      onSuccess: onLeave,
      // The guest wants out: a failed cancel must not hold them here. Unpaid, the checkout simply expires.
      onError: () => onLeave(checkout.cancelUrl),
    });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="card-form-title">
      <Stack spacing={2}>
        <Typography id="card-form-title" component="h2" variant="h6">
          {t('sandboxCheckout.form.title')}
        </Typography>
        <FormattedCardField
          control={form.control}
          name="cardNumber"
          format={formatCardNumber}
          label={t('sandboxCheckout.form.cardNumber')}
          autoComplete="cc-number"
          readOnly={paying}
        />
        {/* Side by side where the labels fit (the long German and Czech ones do not at 360px). */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormattedCardField
            control={form.control}
            name="expiry"
            format={formatExpiry}
            label={t('sandboxCheckout.form.expiry')}
            placeholder={t('sandboxCheckout.form.expiryPlaceholder')}
            autoComplete="cc-exp"
            readOnly={paying}
          />
          <FormattedCardField
            control={form.control}
            name="cvc"
            format={formatCvc}
            label={t('sandboxCheckout.form.cvc')}
            helperText={t('sandboxCheckout.form.cvcHint')}
            autoComplete="cc-csc"
            readOnly={paying}
          />
        </Stack>
        <TextField
          {...textFieldProps(form, 'name')}
          required
          fullWidth
          label={t('sandboxCheckout.form.name')}
          slotProps={{ htmlInput: { autoComplete: 'cc-name', maxLength: 120, readOnly: paying } }}
        />
        {refusal && !refusal.field && (
          <Alert
            severity="error"
            role="alert"
            action={
              refusal.retryable && (
                <Button color="inherit" onClick={() => void submit()} sx={ACTION_SX}>
                  {t('sandboxCheckout.refusal.retry')}
                </Button>
              )
            }
          >
            {refusal.message}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          startIcon={<LockIcon />}
          loading={paying}
          loadingPosition="start"
          disabled={cancelling}
          sx={{ ...ACTION_SX, minHeight: 52 }}
        >
          {paying ? t('sandboxCheckout.form.paying') : t('sandboxCheckout.form.pay', { amount })}
        </Button>
        <Button fullWidth onClick={leaveWithoutPaying} loading={cancelling} disabled={paying} sx={ACTION_SX}>
          {t('sandboxCheckout.form.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}
