import type { Namespace } from '../../i18n/I18nProvider';
import cs from './cs.json';
import da from './da.json';
import de from './de.json';
import en from './en.json';

/**
 * The texts of the portal's key pages (a member's key and booking form, the master key): they load with
 * those pages, so the club's home (a poster's first visit) carries only its own.
 */
export const keyPageMessages: Namespace<typeof en> = { en, de, da, cs };
