/**
 * The members help article on the product's help site, in English or German (spec §2 Virtual keys: by
 * locale). PLACEHOLDER addresses: the help site is not published yet; replace them once it is.
 */
const MEMBERS_HELP_PAGES = {
  en: 'https://help.fairway.example/en/virtual-keys',
  de: 'https://help.fairway.example/de/virtual-keys',
} as const;

export const membersHelpPageFor = (locale: string | undefined): string =>
  locale === 'de' ? MEMBERS_HELP_PAGES.de : MEMBERS_HELP_PAGES.en;
