/**
 * The currencies a site can charge in (spec §3 Site.currency, §5 minimum price, §9 "prices in minor units"):
 * ISO 4217 list one as published on 2026-01-01, without the codes that are no money a golfer pays in —
 * fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), units of account (XAD, XDR, XSU, XUA, XBA–XBD),
 * precious metals (XAU, XAG, XPD, XPT), XTS and XXX. Withdrawn codes (BGN since Bulgaria's euro, HRK, ANG,
 * CUC, SLL, ZWL) are not in list one any more.
 *
 * Minor units (the exponent: EUR 2 = cents, JPY 0, KWD 3) are ISO's, written out instead of read from Intl:
 * CLDR, and so Intl.NumberFormat, shows fewer decimals than ISO for some (HUF, IDR, COP, IQD, PKR… show 0),
 * while amounts are stored and charged in ISO minor units. Names are CLDR's English names.
 */
export interface CurrencyInfo {
  name: string;
  minorUnits: number;
}

export const CURRENCIES = {
  AED: { name: 'United Arab Emirates Dirham', minorUnits: 2 },
  AFN: { name: 'Afghan Afghani', minorUnits: 2 },
  ALL: { name: 'Albanian Lek', minorUnits: 2 },
  AMD: { name: 'Armenian Dram', minorUnits: 2 },
  AOA: { name: 'Angolan Kwanza', minorUnits: 2 },
  ARS: { name: 'Argentine Peso', minorUnits: 2 },
  AUD: { name: 'Australian Dollar', minorUnits: 2 },
  AWG: { name: 'Aruban Florin', minorUnits: 2 },
  AZN: { name: 'Azerbaijani Manat', minorUnits: 2 },
  BAM: { name: 'Bosnia-Herzegovina Convertible Mark', minorUnits: 2 },
  BBD: { name: 'Barbadian Dollar', minorUnits: 2 },
  BDT: { name: 'Bangladeshi Taka', minorUnits: 2 },
  BHD: { name: 'Bahraini Dinar', minorUnits: 3 },
  BIF: { name: 'Burundian Franc', minorUnits: 0 },
  BMD: { name: 'Bermudan Dollar', minorUnits: 2 },
  BND: { name: 'Brunei Dollar', minorUnits: 2 },
  BOB: { name: 'Bolivian Boliviano', minorUnits: 2 },
  BRL: { name: 'Brazilian Real', minorUnits: 2 },
  BSD: { name: 'Bahamian Dollar', minorUnits: 2 },
  BTN: { name: 'Bhutanese Ngultrum', minorUnits: 2 },
  BWP: { name: 'Botswanan Pula', minorUnits: 2 },
  BYN: { name: 'Belarusian Ruble', minorUnits: 2 },
  BZD: { name: 'Belize Dollar', minorUnits: 2 },
  CAD: { name: 'Canadian Dollar', minorUnits: 2 },
  CDF: { name: 'Congolese Franc', minorUnits: 2 },
  CHF: { name: 'Swiss Franc', minorUnits: 2 },
  CLP: { name: 'Chilean Peso', minorUnits: 0 },
  CNY: { name: 'Chinese Yuan', minorUnits: 2 },
  COP: { name: 'Colombian Peso', minorUnits: 2 },
  CRC: { name: 'Costa Rican Colón', minorUnits: 2 },
  CUP: { name: 'Cuban Peso', minorUnits: 2 },
  CVE: { name: 'Cape Verdean Escudo', minorUnits: 2 },
  CZK: { name: 'Czech Koruna', minorUnits: 2 },
  DJF: { name: 'Djiboutian Franc', minorUnits: 0 },
  DKK: { name: 'Danish Krone', minorUnits: 2 },
  DOP: { name: 'Dominican Peso', minorUnits: 2 },
  DZD: { name: 'Algerian Dinar', minorUnits: 2 },
  EGP: { name: 'Egyptian Pound', minorUnits: 2 },
  ERN: { name: 'Eritrean Nakfa', minorUnits: 2 },
  ETB: { name: 'Ethiopian Birr', minorUnits: 2 },
  EUR: { name: 'Euro', minorUnits: 2 },
  FJD: { name: 'Fijian Dollar', minorUnits: 2 },
  FKP: { name: 'Falkland Islands Pound', minorUnits: 2 },
  GBP: { name: 'British Pound', minorUnits: 2 },
  GEL: { name: 'Georgian Lari', minorUnits: 2 },
  GHS: { name: 'Ghanaian Cedi', minorUnits: 2 },
  GIP: { name: 'Gibraltar Pound', minorUnits: 2 },
  GMD: { name: 'Gambian Dalasi', minorUnits: 2 },
  GNF: { name: 'Guinean Franc', minorUnits: 0 },
  GTQ: { name: 'Guatemalan Quetzal', minorUnits: 2 },
  GYD: { name: 'Guyanaese Dollar', minorUnits: 2 },
  HKD: { name: 'Hong Kong Dollar', minorUnits: 2 },
  HNL: { name: 'Honduran Lempira', minorUnits: 2 },
  HTG: { name: 'Haitian Gourde', minorUnits: 2 },
  HUF: { name: 'Hungarian Forint', minorUnits: 2 },
  IDR: { name: 'Indonesian Rupiah', minorUnits: 2 },
  ILS: { name: 'Israeli New Shekel', minorUnits: 2 },
  INR: { name: 'Indian Rupee', minorUnits: 2 },
  IQD: { name: 'Iraqi Dinar', minorUnits: 3 },
  IRR: { name: 'Iranian Rial', minorUnits: 2 },
  ISK: { name: 'Icelandic Króna', minorUnits: 0 },
  JMD: { name: 'Jamaican Dollar', minorUnits: 2 },
  JOD: { name: 'Jordanian Dinar', minorUnits: 3 },
  JPY: { name: 'Japanese Yen', minorUnits: 0 },
  KES: { name: 'Kenyan Shilling', minorUnits: 2 },
  KGS: { name: 'Kyrgyz Som', minorUnits: 2 },
  KHR: { name: 'Cambodian Riel', minorUnits: 2 },
  KMF: { name: 'Comorian Franc', minorUnits: 0 },
  KPW: { name: 'North Korean Won', minorUnits: 2 },
  KRW: { name: 'South Korean Won', minorUnits: 0 },
  KWD: { name: 'Kuwaiti Dinar', minorUnits: 3 },
  KYD: { name: 'Cayman Islands Dollar', minorUnits: 2 },
  KZT: { name: 'Kazakhstani Tenge', minorUnits: 2 },
  LAK: { name: 'Laotian Kip', minorUnits: 2 },
  LBP: { name: 'Lebanese Pound', minorUnits: 2 },
  LKR: { name: 'Sri Lankan Rupee', minorUnits: 2 },
  LRD: { name: 'Liberian Dollar', minorUnits: 2 },
  LSL: { name: 'Lesotho Loti', minorUnits: 2 },
  LYD: { name: 'Libyan Dinar', minorUnits: 3 },
  MAD: { name: 'Moroccan Dirham', minorUnits: 2 },
  MDL: { name: 'Moldovan Leu', minorUnits: 2 },
  MGA: { name: 'Malagasy Ariary', minorUnits: 2 },
  MKD: { name: 'Macedonian Denar', minorUnits: 2 },
  MMK: { name: 'Myanmar Kyat', minorUnits: 2 },
  MNT: { name: 'Mongolian Tugrik', minorUnits: 2 },
  MOP: { name: 'Macanese Pataca', minorUnits: 2 },
  MRU: { name: 'Mauritanian Ouguiya', minorUnits: 2 },
  MUR: { name: 'Mauritian Rupee', minorUnits: 2 },
  MVR: { name: 'Maldivian Rufiyaa', minorUnits: 2 },
  MWK: { name: 'Malawian Kwacha', minorUnits: 2 },
  MXN: { name: 'Mexican Peso', minorUnits: 2 },
  MYR: { name: 'Malaysian Ringgit', minorUnits: 2 },
  MZN: { name: 'Mozambican Metical', minorUnits: 2 },
  NAD: { name: 'Namibian Dollar', minorUnits: 2 },
  NGN: { name: 'Nigerian Naira', minorUnits: 2 },
  NIO: { name: 'Nicaraguan Córdoba', minorUnits: 2 },
  NOK: { name: 'Norwegian Krone', minorUnits: 2 },
  NPR: { name: 'Nepalese Rupee', minorUnits: 2 },
  NZD: { name: 'New Zealand Dollar', minorUnits: 2 },
  OMR: { name: 'Omani Rial', minorUnits: 3 },
  PAB: { name: 'Panamanian Balboa', minorUnits: 2 },
  PEN: { name: 'Peruvian Sol', minorUnits: 2 },
  PGK: { name: 'Papua New Guinean Kina', minorUnits: 2 },
  PHP: { name: 'Philippine Peso', minorUnits: 2 },
  PKR: { name: 'Pakistani Rupee', minorUnits: 2 },
  PLN: { name: 'Polish Zloty', minorUnits: 2 },
  PYG: { name: 'Paraguayan Guarani', minorUnits: 0 },
  QAR: { name: 'Qatari Riyal', minorUnits: 2 },
  RON: { name: 'Romanian Leu', minorUnits: 2 },
  RSD: { name: 'Serbian Dinar', minorUnits: 2 },
  RUB: { name: 'Russian Ruble', minorUnits: 2 },
  RWF: { name: 'Rwandan Franc', minorUnits: 0 },
  SAR: { name: 'Saudi Riyal', minorUnits: 2 },
  SBD: { name: 'Solomon Islands Dollar', minorUnits: 2 },
  SCR: { name: 'Seychellois Rupee', minorUnits: 2 },
  SDG: { name: 'Sudanese Pound', minorUnits: 2 },
  SEK: { name: 'Swedish Krona', minorUnits: 2 },
  SGD: { name: 'Singapore Dollar', minorUnits: 2 },
  SHP: { name: 'St. Helena Pound', minorUnits: 2 },
  SLE: { name: 'Sierra Leonean Leone', minorUnits: 2 },
  SOS: { name: 'Somali Shilling', minorUnits: 2 },
  SRD: { name: 'Surinamese Dollar', minorUnits: 2 },
  SSP: { name: 'South Sudanese Pound', minorUnits: 2 },
  STN: { name: 'São Tomé & Príncipe Dobra', minorUnits: 2 },
  SVC: { name: 'Salvadoran Colón', minorUnits: 2 },
  SYP: { name: 'Syrian Pound', minorUnits: 2 },
  SZL: { name: 'Swazi Lilangeni', minorUnits: 2 },
  THB: { name: 'Thai Baht', minorUnits: 2 },
  TJS: { name: 'Tajikistani Somoni', minorUnits: 2 },
  TMT: { name: 'Turkmenistani Manat', minorUnits: 2 },
  TND: { name: 'Tunisian Dinar', minorUnits: 3 },
  TOP: { name: 'Tongan Paʻanga', minorUnits: 2 },
  TRY: { name: 'Turkish Lira', minorUnits: 2 },
  TTD: { name: 'Trinidad & Tobago Dollar', minorUnits: 2 },
  TWD: { name: 'New Taiwan Dollar', minorUnits: 2 },
  TZS: { name: 'Tanzanian Shilling', minorUnits: 2 },
  UAH: { name: 'Ukrainian Hryvnia', minorUnits: 2 },
  UGX: { name: 'Ugandan Shilling', minorUnits: 0 },
  USD: { name: 'US Dollar', minorUnits: 2 },
  UYU: { name: 'Uruguayan Peso', minorUnits: 2 },
  UZS: { name: 'Uzbekistani Som', minorUnits: 2 },
  VED: { name: 'Venezuelan Digital Bolívar', minorUnits: 2 },
  VES: { name: 'Venezuelan Bolívar', minorUnits: 2 },
  VND: { name: 'Vietnamese Dong', minorUnits: 0 },
  VUV: { name: 'Vanuatu Vatu', minorUnits: 0 },
  WST: { name: 'Samoan Tala', minorUnits: 2 },
  XAF: { name: 'Central African CFA Franc', minorUnits: 0 },
  XCD: { name: 'East Caribbean Dollar', minorUnits: 2 },
  XCG: { name: 'Caribbean Guilder', minorUnits: 2 },
  XOF: { name: 'West African CFA Franc', minorUnits: 0 },
  XPF: { name: 'CFP Franc', minorUnits: 0 },
  YER: { name: 'Yemeni Rial', minorUnits: 2 },
  ZAR: { name: 'South African Rand', minorUnits: 2 },
  ZMW: { name: 'Zambian Kwacha', minorUnits: 2 },
  ZWG: { name: 'Zimbabwean Gold', minorUnits: 2 },
} as const satisfies Record<string, CurrencyInfo>;

export type CurrencyCode = keyof typeof CURRENCIES;
/** Every code, alphabetically: what a currency picker offers. */
export const CURRENCY_CODES = (Object.keys(CURRENCIES) as CurrencyCode[]).sort();

export const isCurrencyCode = (code: string): code is CurrencyCode => Object.hasOwn(CURRENCIES, code);

/** ISO's most common exponent, for a code not in the table (a site saved with a since-withdrawn currency). */
const DEFAULT_MINOR_UNITS = 2;

export const currencyMinorUnits = (code: string): number =>
  isCurrencyCode(code) ? CURRENCIES[code].minorUnits : DEFAULT_MINOR_UNITS;

/**
 * Spec §5, minimum price by currency in major units; any other currency uses the default. The spec's other
 * reading (a minimum above €0.50) is not used: these per-currency minimums are the stricter rule.
 */
export const MINIMUM_PRICE_MAJOR: Partial<Record<CurrencyCode, number>> = {
  EUR: 5,
  GBP: 5,
  USD: 6,
  DKK: 38,
  CZK: 125,
};
export const DEFAULT_MINIMUM_PRICE_MAJOR = 5;

/** The least a paid price may be, in the currency's minor units (5 JPY = 5, 5 EUR = 500, 5 KWD = 5000). */
export function minimumPriceMinor(code: string): number {
  const major = (isCurrencyCode(code) ? MINIMUM_PRICE_MAJOR[code] : undefined) ?? DEFAULT_MINIMUM_PRICE_MAJOR;
  return major * 10 ** currencyMinorUnits(code);
}

const MAJOR_AMOUNT = /^(\d+)(?:[.,](\d*))?$/;

/**
 * What an operator typed in major units ('12,50' or '12.50'; spec §5 comma decimals) as minor units of
 * `code`, or null when it is no amount: negative, thousands separators, or more decimals than the currency
 * has ('12,505' EUR, '1,5' JPY).
 */
export function toMinorUnits(major: string, code: string): number | null {
  const match = MAJOR_AMOUNT.exec(major.trim());
  if (!match) return null;
  const digits = currencyMinorUnits(code);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as major with all the currency's decimals ('38.00' DKK, '5' JPY, '5.000' KWD). */
export function formatMajor(minor: number, code: string, decimalSeparator = '.'): string {
  const digits = currencyMinorUnits(code);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor));
  if (digits === 0) return sign + text;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}${decimalSeparator}${padded.slice(-digits)}`;
}
