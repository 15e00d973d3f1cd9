import { CURRENCY_CODES, formatMajor, isCurrencyCode, type SiteView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ApiError, apiErrorCode } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useUpdateSite } from '../../sites';
import { servicesQueryOptions } from '../api/get-services';
import { decimalSeparator } from '../lib/amount';
import { currencyLabeller } from '../lib/currency-names';

interface CurrencyPickerProps {
  site: SiteView;
  /** Spec §6: only an admin changes the site's currency; everyone else sees it. */
  editable: boolean;
}

/** The example amount of the confirmation, in minor units: 25.00 in a two-decimal currency. */
const EXAMPLE_MINOR = 2500;

const isPricesBelowMinimum = (error: unknown): error is ApiError =>
  apiErrorCode(error) === 'pricesBelowMinimum';

/**
 * The site's currency, from the full ISO 4217 list. A change asks first, because amounts keep their numbers
 * (minor units), not their value. The server refuses a currency whose minimum is above existing prices and
 * names them; that answer stays on the card until dismissed, so the operator can fix those prices.
 */
export function CurrencyPicker({ site, editable }: CurrencyPickerProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateSite(site._id);
  const [pending, setPending] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** What the operator is typing to search; null shows the site's currency (also after a pick or cancel). */
  const [typed, setTyped] = useState<string | null>(null);
  const label = currencyLabeller(i18n.resolvedLanguage);
  const separator = decimalSeparator(i18n.resolvedLanguage);
  // A site saved with a since-withdrawn code still shows it.
  const options: readonly string[] = isCurrencyCode(site.currency)
    ? CURRENCY_CODES
    : [site.currency, ...CURRENCY_CODES];

  const change = (currency: string) => {
    setPending(null);
    setRefusal(null);
    update.mutate(
      { updateData: { currency } },
      {
        onSuccess: () => {
          showToast(t('services.currency.updated'), 'success');
          // Each service carries the site's currency.
          void queryClient.invalidateQueries({ queryKey: servicesQueryOptions(site._id).queryKey });
        },
        onError: (error) => {
          if (isPricesBelowMinimum(error)) setRefusal(error.message);
          else showToast(error instanceof ApiError ? error.message : t('services.failed'), 'error');
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      {editable ? (
        <Autocomplete
          options={options}
          value={site.currency}
          onChange={(_event, code) => code !== site.currency && setPending(code)}
          // The field keeps reading the saved currency until a change is confirmed and saved.
          inputValue={typed ?? label(site.currency)}
          onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : null)}
          getOptionLabel={label}
          disableClearable
          autoHighlight
          disabled={update.isPending}
          noOptionsText={t('services.currency.noOptions')}
          sx={{ maxWidth: 360 }}
          renderInput={(params) => <TextField {...params} label={t('services.currency.label')} />}
        />
      ) : (
        <TextField
          label={t('services.currency.label')}
          value={label(site.currency)}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      )}
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          <AlertTitle>{t('services.currency.notChanged')}</AlertTitle>
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('services.currency.confirmTitle', { currency: pending ?? '' })}
        message={t('services.currency.confirmMessage', {
          from: site.currency,
          to: pending ?? '',
          fromAmount: formatMajor(EXAMPLE_MINOR, site.currency, separator),
          toAmount: formatMajor(EXAMPLE_MINOR, pending ?? site.currency, separator),
        })}
        confirmLabel={t('services.currency.confirm')}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && change(pending)}
      />
    </Stack>
  );
}
