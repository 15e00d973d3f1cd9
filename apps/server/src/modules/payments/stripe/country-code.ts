/**
 * Sites record their country as free text ('United Kingdom', 'Danmark'), while Stripe wants an ISO 3166-1
 * alpha-2 code and fixes a connected account's country for good when it is created. A name is looked up in
 * the region names Intl knows in the languages the app speaks; anything else is left out rather than
 * guessed, and Stripe applies its own default.
 */
export function isoCountryCode(country: string): string | undefined {
  return codesByName().get(comparable(country));
}

/** Regions Intl names that are no country an account can be registered in. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/** Names golfers commonly write that CLDR spells otherwise. */
const ALIASES: Record<string, string> = {
  'czech republic': 'CZ',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  uk: 'GB',
  usa: 'US',
  'united states of america': 'US',
  holland: 'NL',
};

const LANGUAGES = ['en', 'de', 'da', 'cs'];

/** Lower case, without accents or typographic apostrophes: 'Côte d’Ivoire' and 'Cote d'Ivoire' agree. */
const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    // ’ and ‘, as escapes: the server's bundle stays ASCII, and esbuild leaves regular expressions as written.
    .replace(/[\u2019\u2018]/g, "'")
    .toLowerCase()
    .trim();

let lookup: Map<string, string> | null = null;

/** Every region name in every app language, each code itself and the aliases, to the code; built on first use. */
function codesByName(): Map<string, string> {
  if (lookup) return lookup;
  lookup = new Map();
  const namers = LANGUAGES.map(
    (language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }),
  );
  for (let first = 65; first <= 90; first++)
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      // Withdrawn codes ('UK', 'DD', 'SU') name their successor in CLDR; only the current one is Stripe's.
      if (NOT_COUNTRIES.has(code) || Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      for (const namer of namers) {
        const name = namer.of(code);
        if (!name) continue;
        lookup.set(comparable(name), code);
        lookup.set(comparable(code), code);
      }
    }
  for (const [alias, code] of Object.entries(ALIASES)) lookup.set(alias, code);
  return lookup;
}
