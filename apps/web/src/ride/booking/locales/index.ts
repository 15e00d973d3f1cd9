import type { Namespace } from '../../i18n/I18nProvider';
import cs from './cs.json';
import da from './da.json';
import de from './de.json';
import en from './en.json';

/**
 * The booking page's and the unlock routes' texts (issue 18), in their four languages: they load with those
 * pages' code, not in the entry every guest downloads.
 */
export const bookingMessages: Namespace<typeof en> = { en, de, da, cs };
export type BookingMessages = typeof en;
