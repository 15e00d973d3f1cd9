import { SITE_LANGS, type SiteLang } from '@fairway/domain';

/** GBFS's translated text: one entry per language the feed declares. */
export interface LocalisedText {
  language: string;
  text: string;
}

/**
 * The feed's own words in the four languages a site can speak. The club's own words (its name, services and
 * prices) are written once in whatever language the club uses, so they repeat unchanged in every language.
 */
export interface FeedTexts {
  electricCart: string;
  combustionCart: string;
  cartBarn: string;
  cartPark: (n: number) => string;
  restrictedArea: string;
  operatingArea: string;
  plan: (service: string, minutes: number) => string;
  unlockFeeIncluded: string;
  setTimesOnly: string;
}

const TEXTS: Record<SiteLang, FeedTexts> = {
  en: {
    electricCart: 'Electric golf cart',
    combustionCart: 'Petrol golf cart',
    cartBarn: 'Cart barn',
    cartPark: (n) => `Cart park ${n}`,
    restrictedArea: 'No carts',
    operatingArea: 'Operating area',
    plan: (service, minutes) => `${service}: a cart for ${minutes} minutes.`,
    unlockFeeIncluded: 'The unlock fee is included.',
    setTimesOnly: 'Sold only at set times of the week.',
  },
  de: {
    electricCart: 'Elektro-Golfcart',
    combustionCart: 'Benzin-Golfcart',
    cartBarn: 'Cartgarage',
    cartPark: (n) => `Cart-Parkplatz ${n}`,
    restrictedArea: 'Keine Carts',
    operatingArea: 'Betriebsgebiet',
    plan: (service, minutes) => `${service}: ein Cart für ${minutes} Minuten.`,
    unlockFeeIncluded: 'Die Entsperrgebühr ist enthalten.',
    setTimesOnly: 'Nur zu bestimmten Zeiten der Woche erhältlich.',
  },
  da: {
    electricCart: 'Elektrisk golfbil',
    combustionCart: 'Benzindrevet golfbil',
    cartBarn: 'Golfbilgarage',
    cartPark: (n) => `Golfbilparkering ${n}`,
    restrictedArea: 'Ingen golfbiler',
    operatingArea: 'Driftsområde',
    plan: (service, minutes) => `${service}: en golfbil i ${minutes} minutter.`,
    unlockFeeIncluded: 'Oplåsningsgebyret er inkluderet.',
    setTimesOnly: 'Sælges kun på bestemte tidspunkter af ugen.',
  },
  cs: {
    electricCart: 'Elektrický golfový vozík',
    combustionCart: 'Benzínový golfový vozík',
    cartBarn: 'Garáž vozíků',
    cartPark: (n) => `Parkoviště vozíků ${n}`,
    restrictedArea: 'Zákaz vjezdu vozíků',
    operatingArea: 'Provozní oblast',
    plan: (service, minutes) => `${service}: vozík na ${minutes} minut.`,
    unlockFeeIncluded: 'Poplatek za odemčení je v ceně.',
    setTimesOnly: 'Prodává se jen v určené časy týdne.',
  },
};

const isSiteLang = (lang: string): lang is SiteLang => (SITE_LANGS as readonly string[]).includes(lang);

/** The feed's languages: the site's own, then English (GBFS wants one entry per language in every text). */
export function feedLanguages(siteLang: string): SiteLang[] {
  return isSiteLang(siteLang) && siteLang !== 'en' ? [siteLang, 'en'] : ['en'];
}

/** One text per language, from the feed's own words. */
export function localised(
  languages: readonly SiteLang[],
  pick: (texts: FeedTexts) => string,
): LocalisedText[] {
  return languages.map((language) => ({ language, text: pick(TEXTS[language]) }));
}

/** The club's own words, the same in every language. */
export function verbatim(languages: readonly SiteLang[], text: string): LocalisedText[] {
  return languages.map((language) => ({ language, text }));
}
