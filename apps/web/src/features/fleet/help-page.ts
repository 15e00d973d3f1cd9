/**
 * The fleet's help article on the product's help site, in English or German (spec §2 Fleet: by locale).
 * PLACEHOLDER addresses: the help site is not published yet; replace them once it is.
 */
const FLEET_HELP_PAGES = {
  en: 'https://help.fairway.example/en/fleet',
  de: 'https://help.fairway.example/de/fleet',
} as const;

export const fleetHelpPageFor = (locale: string | undefined): string =>
  locale === 'de' ? FLEET_HELP_PAGES.de : FLEET_HELP_PAGES.en;
