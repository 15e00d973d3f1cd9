import { CURRENCIES, isCurrencyCode } from '@fairway/domain';

const labellers = new Map<string, (code: string) => string>();

/**
 * Labels of the currency picker, 'GBP — British Pound': the name in the interface language where the
 * browser knows it (Intl.DisplayNames), else the catalogue's English name, else the code alone. One
 * labeller per locale, so the picker gets the same function each render (MUI's Autocomplete resets what
 * was typed when its `getOptionLabel` changes).
 */
export function currencyLabeller(locale: string | undefined): (code: string) => string {
  const key = locale ?? '';
  let labeller = labellers.get(key);
  if (!labeller) {
    labeller = makeLabeller(locale);
    labellers.set(key, labeller);
  }
  return labeller;
}

function makeLabeller(locale: string | undefined): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'currency', fallback: 'none' });
  } catch {
    // Without Intl.DisplayNames (or for an unknown locale) the English catalogue names serve.
  }
  return (code) => {
    const name = names?.of(code) ?? (isCurrencyCode(code) ? CURRENCIES[code].name : undefined);
    return name ? `${code} — ${name}` : code;
  };
}
