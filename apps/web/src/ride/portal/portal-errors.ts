import { errorText } from '../api/errors';
import { isGuestApiError } from '../api/http';
import type { CodeRefusal } from '../components/CodeSheet';
import type { Translate } from '../i18n/translator';
import type { PortalMessages } from './locales';
import en from './locales/en.json';

type Refusal = keyof PortalMessages['refusals'];
const isRefusal = (code: string | undefined): code is Refusal => !!code && Object.hasOwn(en.refusals, code);

/** A code that names nothing (a typo): the field is marked, not just the try refused. */
const WRONG_CODE: ReadonlySet<string> = new Set<Refusal>(['invalidCode', 'keyNotFound', 'bookingNotFound']);

/**
 * What the portal tells a guest when a call fails (spec §8): its own refusals (keys, bookings, the master
 * page's lock) by code in the guest's language, else the guest app's texts (offline, the cart statuses,
 * too many tries), never the server's English.
 */
export function portalErrorText(tp: Translate<PortalMessages>, t: Translate, failure: unknown): string {
  const code = isGuestApiError(failure) ? failure.code : undefined;
  return isRefusal(code) ? tp(`refusals.${code}`) : errorText(t, failure);
}

/** A refused code on the portal's sheet. */
export function codeRefusal(tp: Translate<PortalMessages>, t: Translate, failure: unknown): CodeRefusal {
  const code = isGuestApiError(failure) ? failure.code : undefined;
  return { text: portalErrorText(tp, t, failure), wrongCode: !!code && WRONG_CODE.has(code) };
}
