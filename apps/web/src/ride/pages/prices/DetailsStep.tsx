import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GuestCartView, RateView } from '@fairway/domain';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/errors';
import { guestApi } from '../../api/guest-api';
import { useI18n } from '../../i18n/I18nProvider';
import { formatMinutes } from '../../lib/format';
import { formatMoney } from '../../../lib/money';
import {
  readCheckoutDetails,
  saveCheckoutDetails,
  savePendingPayment,
  type CheckoutDetails,
} from '../../lib/ride-storage';
import { linkProps } from '../../router/navigation';
import { checkoutReturnUrls, ridePaths } from '../../router/routes';
import {
  CHECKOUT_FIELDS,
  EMAIL_MAX,
  NAME_MAX,
  normalizeDetails,
  validateCheckout,
  type CheckoutField,
} from './checkout-form';
import type { BookingSaleQuery } from './RateList';

const fieldId = (field: CheckoutField) => `checkout-${field}`;

/**
 * The checkout's details step (spec §2 Prices page, §5 Checkout): who pays, remembered on the phone for the
 * next ride, the terms, then the card provider's hosted page. The cart unlocks when the provider confirms.
 */
export function DetailsStep({
  cart,
  rate,
  unlockFee,
  serviceId,
  booking,
}: {
  cart: GuestCartView;
  rate: RateView;
  unlockFee: number;
  serviceId: string | undefined;
  /** paying for this booking (issue 18) rather than a ride now */
  booking?: BookingSaleQuery;
}) {
  const { t, locale } = useI18n();
  const [values, setValues] = useState<CheckoutDetails>(() => readCheckoutDetails());
  const [accepted, setAccepted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<CheckoutField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const errors = validateCheckout(values, accepted);
  const shown = (field: CheckoutField) => (submitted || touched[field] ? errors[field] : undefined);
  const money = (minor: number) => formatMoney(minor, rate.currency, locale);
  const total = rate.amount + unlockFee;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const firstInvalid = CHECKOUT_FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    const details = normalizeDetails(values);
    saveCheckoutDetails(details);
    setValues(details);
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await guestApi.checkout({
        siteId: cart.siteId,
        rateId: rate._id,
        name: `${details.firstName} ${details.lastName}`,
        email: details.email,
        deviceId: cart._id,
        ...(booking?.bookingId ? { bookingId: booking.bookingId } : {}),
        ...checkoutReturnUrls(window.location.origin, cart._id, serviceId, booking?.bookingId),
      });
      savePendingPayment({ paymentId: answer.paymentId, deviceId: cart._id });
      // The page is leaving for the provider's checkout: the button stays busy.
      window.location.assign(answer.url);
    } catch (failure) {
      setRefusal(errorText(t, failure));
      setBusy(false);
    }
  }

  const field = (
    name: keyof CheckoutDetails,
    label: string,
    extra: { autoComplete: string; type?: string; max: number },
  ) => {
    const error = shown(name);
    return (
      <TextField
        id={fieldId(name)}
        label={label}
        required
        fullWidth
        type={extra.type ?? 'text'}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
        error={error !== undefined}
        helperText={error ? t(error) : undefined}
        disabled={busy}
        slotProps={{
          htmlInput: {
            autoComplete: extra.autoComplete,
            maxLength: extra.max,
            ...(extra.type === 'email'
              ? { inputMode: 'email', autoCapitalize: 'none', spellCheck: false }
              : {}),
          },
        }}
      />
    );
  };

  const termsError = shown('terms');
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('details.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="checkout-summary">
        <Typography id="checkout-summary" variant="h6" component="h2">
          {rate.name}
        </Typography>
        <Typography color="text.secondary">
          {[rate.serviceName, rate.duration > 0 ? formatMinutes(rate.duration, locale) : null]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 0.5, m: 0, mt: 1.5 }}
        >
          {unlockFee > 0 && (
            <>
              <dt>{t('details.price')}</dt>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {money(rate.amount)}
              </Box>
              <dt>{t('details.unlockFee')}</dt>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {money(unlockFee)}
              </Box>
            </>
          )}
          <Box component="dt" sx={{ fontWeight: 700 }}>
            {t('details.total')}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }} data-testid="checkout-total">
            {money(total)}
          </Box>
        </Box>
      </Paper>

      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="checkout-form-title"
      >
        <Typography id="checkout-form-title" variant="h6" component="h2">
          {t('details.who')}
        </Typography>
        {field('firstName', t('details.firstName'), { autoComplete: 'given-name', max: NAME_MAX })}
        {field('lastName', t('details.lastName'), { autoComplete: 'family-name', max: NAME_MAX })}
        {field('email', t('details.email'), { autoComplete: 'email', type: 'email', max: EMAIL_MAX })}
        <Typography variant="body2" color="text.secondary">
          {t('details.remembered')}
        </Typography>

        <Box>
          <FormControlLabel
            control={
              <Checkbox
                id={fieldId('terms')}
                checked={accepted}
                disabled={busy}
                onChange={(event) => {
                  setAccepted(event.target.checked);
                  setTouched((current) => ({ ...current, terms: true }));
                }}
                slotProps={{
                  input: {
                    'aria-invalid': termsError !== undefined,
                    'aria-describedby': termsError ? 'checkout-terms-error' : undefined,
                  } as object,
                }}
              />
            }
            label={t('details.terms')}
          />
          {termsError && (
            <FormHelperText id="checkout-terms-error" error sx={{ mx: 0 }}>
              {t(termsError)}
            </FormHelperText>
          )}
          {cart.termsAndConditions.trim() !== '' && (
            <>
              <Button
                variant="text"
                aria-expanded={showTerms}
                aria-controls="checkout-terms-text"
                onClick={() => setShowTerms((open) => !open)}
              >
                {showTerms ? t('details.hideTerms') : t('details.showTerms')}
              </Button>
              <Collapse in={showTerms} id="checkout-terms-text">
                <Box
                  role="region"
                  aria-label={t('details.termsTitle')}
                  tabIndex={0}
                  sx={{
                    whiteSpace: 'pre-wrap',
                    maxHeight: '40vh',
                    overflowY: 'auto',
                    p: 1.5,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                  }}
                >
                  {cart.termsAndConditions}
                </Box>
              </Collapse>
            </>
          )}
        </Box>

        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={busy}>
          {t('details.pay', { total: money(total) })}
        </Button>
        <Button variant="text" {...linkProps(ridePaths.prices(cart._id, { serviceId, ...booking }))}>
          {t('details.otherPrice')}
        </Button>
      </Stack>
    </Stack>
  );
}
