import type { Namespace } from '../../i18n/I18nProvider';
import cs from './cs.json';
import da from './da.json';
import de from './de.json';
import en from './en.json';

/** The site portal's texts (issue 18): they load with the portal's pages, not in the cart page's entry. */
export const portalMessages: Namespace<typeof en> = { en, de, da, cs };
export type PortalMessages = typeof en;
