import type { SupportedLocale } from '../../lib/locale';
import cs from './cs.json';
import da from './da.json';
import de from './de.json';
import en from './en.json';

/**
 * The guest app's one namespace in its four languages. All four ship in the entry chunk (~2 kB gzip each):
 * loading the phone's language afterwards would cost most guests a round trip before the first paint.
 */
export const rideMessages: Record<SupportedLocale, unknown> & { en: typeof en } = { en, de, da, cs };
