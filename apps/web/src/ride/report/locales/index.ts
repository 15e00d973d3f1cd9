import type { Namespace } from '../../i18n/I18nProvider';
import cs from './cs.json';
import da from './da.json';
import de from './de.json';
import en from './en.json';

/** The problem report page's texts (issue 23): they load with that page, not in the guest entry. */
export const reportMessages: Namespace<typeof en> = { en, de, da, cs };
export type ReportMessages = typeof en;
