/**
 * Names, companies and phone formats for the demo clubs' members (demo-members.ts). Danish, German and
 * English, with the letters a members list in those clubs really holds (æ ø å ä ö ü ß), so search, sort and
 * import are seen working on them.
 */
export type Origin = 'da' | 'de' | 'en';

export const FIRST_NAMES: Record<Origin, readonly string[]> = {
  da: [
    'Søren',
    'Mette',
    'Jørgen',
    'Birgitte',
    'Anders',
    'Kirsten',
    'Mads',
    'Lærke',
    'Frederik',
    'Sørine',
    'Rasmus',
    'Ida',
    'Bjørn',
    'Signe',
    'Henrik',
    'Åse',
    'Niels',
    'Karen',
    'Poul',
    'Æmilie',
  ],
  de: [
    'Jürgen',
    'Ursula',
    'Klaus',
    'Jörg',
    'Sabine',
    'Günther',
    'Käthe',
    'Matthias',
    'Bärbel',
    'Stefan',
    'Anke',
    'Dieter',
    'Jürgen-Peter',
    'Heike',
    'Uwe',
    'Grete',
    'Lukas',
    'Sünje',
    'Tobias',
    'Marie',
  ],
  en: [
    'James',
    'Emily',
    'Oliver',
    'Charlotte',
    'Harry',
    'Sophie',
    'George',
    'Amelia',
    'William',
    'Grace',
    'Thomas',
    'Lucy',
    'Jack',
    'Eleanor',
    'Alistair',
    'Fiona',
    'Callum',
    'Isla',
    'Hamish',
    'Rosie',
  ],
};

export const LAST_NAMES: Record<Origin, readonly string[]> = {
  da: [
    'Jensen',
    'Nielsen',
    'Hansen',
    'Pedersen',
    'Østergaard',
    'Ågård',
    'Kjær',
    'Sørensen',
    'Lærkesen',
    'Møller',
    'Bækgaard',
    'Holm',
    'Frølich',
    'Dahl',
    'Skovgård',
    'Bøgh',
  ],
  de: [
    'Müller',
    'Schäfer',
    'Weiß',
    'Groß',
    'Köhler',
    'Schröder',
    'Bäcker',
    'Fuß',
    'Krüger',
    'Jäger',
    'Hoffmann',
    'Wagner',
    'Strauß',
    'Öztürk',
    'Zimmermann',
    'Lößner',
  ],
  en: [
    'Smith',
    'MacDonald',
    'Thompson',
    'Campbell',
    'Stewart',
    'Robertson',
    "O'Neill",
    'Anderson',
    'Baxter',
    'Fraser',
    'Hughes',
    'Reid',
    'Patterson',
    'Wallace',
    'Ferguson',
    'Kerr',
  ],
};

export const COMPANIES: Record<Origin, readonly string[]> = {
  da: [
    'Hansen & Søn ApS',
    'Fjord Tømrer ApS',
    'Østergaard Transport A/S',
    'Nordlys Rådgivning',
    'Bøgh El-service',
  ],
  de: [
    'Müller Bau GmbH',
    'Bäckerei Schäfer',
    'Strauß & Köhler KG',
    'Grünwald Gärtnerei',
    'Jäger Logistik GmbH',
  ],
  en: [
    'Greenfield Estates Ltd',
    'Brightwater Plumbing',
    'Fairway Catering Ltd',
    'Kingsbarns Joinery',
    'Tay Valley Motors',
  ],
};

/** A mobile number in the country's usual written form, from eight random digits. */
export const PHONE: Record<Origin, (digits: string) => string> = {
  da: (d) => `+45 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6, 8)}`,
  de: (d) => `+49 15${d.slice(0, 1)} ${d.slice(1, 8)}`,
  en: (d) => `+44 7${d.slice(0, 3)} ${d.slice(3, 8)}0`,
};

const ASCII: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** 'Søren Ågård' → 'soeren.aagaard', the way such names are written in email addresses. */
export function emailLocalPart(first: string, last: string): string {
  const plain = (text: string) =>
    text
      .toLowerCase()
      // The letters as escapes: the server's bundle stays ASCII (scripts/build-server.mjs), and esbuild
      // leaves regular expressions as written.
      .replace(/[\u00e6\u00f8\u00e5\u00e4\u00f6\u00fc\u00df]/g, (letter) => ASCII[letter]!)
      .replace(/[^a-z]/g, '');
  return `${plain(first)}.${plain(last)}`;
}
