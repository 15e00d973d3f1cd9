/**
 * Articles on the product's help site, in English or German (spec §2: help links by locale).
 * PLACEHOLDER site: the help site is not published yet; replace the address once it is.
 */
const HELP_SITE = 'https://help.fairway.example';

export type HelpArticle = 'fleet' | 'virtual-keys' | 'payments' | 'bookings';

export const helpPageFor = (article: HelpArticle, locale: string | undefined): string =>
  `${HELP_SITE}/${locale === 'de' ? 'de' : 'en'}/${article}`;
