import type { RideType, SiteLang, UsageOrigin } from '@fairway/domain';

/**
 * The words and number conventions of the Usage exports (issue 19: rides.csv, summary.pdf), by language.
 * They are the server's own: the files are made here, whatever language the web app shows. `{name}` marks
 * a value filled in by `fillIn`.
 */
export interface UsageExportTexts {
  /** How a spreadsheet program of the language reads a CSV (docs/decisions.md, Usage exports). */
  csv: {
    /** ',' where the decimal mark is '.', else ';' (the comma is then the decimal mark) */
    separator: ',' | ';';
    decimal: '.' | ',';
    /** the date pattern of the language's spreadsheets: YYYY, MM, DD */
    date: string;
  };
  columns: {
    date: string;
    start: string;
    end: string;
    cartNumber: string;
    cartName: string;
    type: string;
    service: string;
    price: string;
    driver: string;
    duration: string;
    durationSeconds: string;
    distance: string;
    amount: string;
    currency: string;
  };
  rideTypes: Record<RideType, string>;
  origins: Record<UsageOrigin, string>;
  units: { hours: string; minutes: string; seconds: string };
  pdf: {
    title: string;
    /** the cart filter line: {cart} */
    cart: string;
    /** the origin filter line: {origin} */
    origin: string;
    rounds: string;
    averageDuration: string;
    /** under the average: {counted}, {outliers} */
    outliers: string;
    noAverage: string;
    usagePerDay: string;
    usagePerMonth: string;
    topCarts: string;
    byService: string;
    noService: string;
    heatmap: string;
    /** Monday first */
    weekdays: [string, string, string, string, string, string, string];
    noRounds: string;
    /** the footer: {date}, {timeZone} */
    made: string;
  };
}

export const USAGE_EXPORT_TEXTS: Record<SiteLang, UsageExportTexts> = {
  en: {
    csv: { separator: ',', decimal: '.', date: 'YYYY-MM-DD' },
    columns: {
      date: 'Date',
      start: 'Start',
      end: 'End',
      cartNumber: 'Cart number',
      cartName: 'Cart name',
      type: 'Type',
      service: 'Service',
      price: 'Price',
      driver: 'Driver',
      duration: 'Duration',
      durationSeconds: 'Duration (s)',
      distance: 'Distance (km)',
      amount: 'Amount',
      currency: 'Currency',
    },
    rideTypes: {
      key: 'Key',
      keypad: 'Keypad',
      rfid: 'RFID',
      manual: 'Manual (dashboard)',
      booking: 'Booking',
      code: 'Code',
      payment: 'Card payment',
    },
    origins: { all: 'All rides', booking: 'Bookings', manual: 'Manual (dashboard)' },
    units: { hours: 'h', minutes: 'm', seconds: 's' },
    pdf: {
      title: 'Usage summary',
      cart: 'Cart: {cart}',
      origin: 'Rides: {origin}',
      rounds: 'Total rounds',
      averageDuration: 'Average ride duration',
      outliers: '{counted} rides counted, {outliers} outliers left out',
      noAverage: 'No finished rides',
      usagePerDay: 'Rounds per day',
      usagePerMonth: 'Rounds per month',
      topCarts: 'Top carts',
      byService: 'Rides by service',
      noService: 'No service',
      heatmap: 'Rounds by weekday and hour',
      weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      noRounds: 'No rounds in this range',
      made: 'Made on {date} · times in {timeZone}',
    },
  },
  de: {
    csv: { separator: ';', decimal: ',', date: 'DD.MM.YYYY' },
    columns: {
      date: 'Datum',
      start: 'Beginn',
      end: 'Ende',
      cartNumber: 'Cart-Nummer',
      cartName: 'Cart-Name',
      type: 'Art',
      service: 'Leistung',
      price: 'Preis',
      driver: 'Fahrer',
      duration: 'Dauer',
      durationSeconds: 'Dauer (s)',
      distance: 'Strecke (km)',
      amount: 'Betrag',
      currency: 'Währung',
    },
    rideTypes: {
      key: 'Schlüssel',
      keypad: 'Tastenfeld',
      rfid: 'RFID',
      manual: 'Manuell (Dashboard)',
      booking: 'Buchung',
      code: 'Code',
      payment: 'Kartenzahlung',
    },
    origins: { all: 'Alle Fahrten', booking: 'Buchungen', manual: 'Manuell (Dashboard)' },
    units: { hours: 'Std.', minutes: 'Min.', seconds: 'Sek.' },
    pdf: {
      title: 'Nutzungsübersicht',
      cart: 'Cart: {cart}',
      origin: 'Fahrten: {origin}',
      rounds: 'Runden gesamt',
      averageDuration: 'Durchschnittliche Fahrtdauer',
      outliers: '{counted} Fahrten gezählt, {outliers} Ausreißer nicht berücksichtigt',
      noAverage: 'Keine beendeten Fahrten',
      usagePerDay: 'Runden pro Tag',
      usagePerMonth: 'Runden pro Monat',
      topCarts: 'Meistgenutzte Carts',
      byService: 'Fahrten nach Leistung',
      noService: 'Keine Leistung',
      heatmap: 'Runden nach Wochentag und Stunde',
      weekdays: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
      noRounds: 'Keine Runden in diesem Zeitraum',
      made: 'Erstellt am {date} · Zeiten in {timeZone}',
    },
  },
  da: {
    csv: { separator: ';', decimal: ',', date: 'DD-MM-YYYY' },
    columns: {
      date: 'Dato',
      start: 'Start',
      end: 'Slut',
      cartNumber: 'Bilnummer',
      cartName: 'Bilnavn',
      type: 'Type',
      service: 'Tjeneste',
      price: 'Pris',
      driver: 'Fører',
      duration: 'Varighed',
      durationSeconds: 'Varighed (s)',
      distance: 'Afstand (km)',
      amount: 'Beløb',
      currency: 'Valuta',
    },
    rideTypes: {
      key: 'Nøgle',
      keypad: 'Tastatur',
      rfid: 'RFID',
      manual: 'Manuel (dashboard)',
      booking: 'Booking',
      code: 'Kode',
      payment: 'Kortbetaling',
    },
    origins: { all: 'Alle ture', booking: 'Bookinger', manual: 'Manuel (dashboard)' },
    units: { hours: 't', minutes: 'm', seconds: 's' },
    pdf: {
      title: 'Brugsoversigt',
      cart: 'Golfbil: {cart}',
      origin: 'Ture: {origin}',
      rounds: 'Runder i alt',
      averageDuration: 'Gennemsnitlig turvarighed',
      outliers: '{counted} ture talt med, {outliers} afvigere udeladt',
      noAverage: 'Ingen afsluttede ture',
      usagePerDay: 'Runder pr. dag',
      usagePerMonth: 'Runder pr. måned',
      topCarts: 'Mest brugte golfbiler',
      byService: 'Ture efter tjeneste',
      noService: 'Ingen tjeneste',
      heatmap: 'Runder efter ugedag og time',
      weekdays: ['man', 'tir', 'ons', 'tor', 'fre', 'lør', 'søn'],
      noRounds: 'Ingen runder i denne periode',
      made: 'Lavet {date} · tider i {timeZone}',
    },
  },
  cs: {
    csv: { separator: ';', decimal: ',', date: 'DD.MM.YYYY' },
    columns: {
      date: 'Datum',
      start: 'Začátek',
      end: 'Konec',
      cartNumber: 'Číslo vozíku',
      cartName: 'Název vozíku',
      type: 'Typ',
      service: 'Služba',
      price: 'Cena',
      driver: 'Řidič',
      duration: 'Doba jízdy',
      durationSeconds: 'Doba jízdy (s)',
      distance: 'Vzdálenost (km)',
      amount: 'Částka',
      currency: 'Měna',
    },
    rideTypes: {
      key: 'Klíč',
      keypad: 'Klávesnice',
      rfid: 'RFID',
      manual: 'Ručně (dashboard)',
      booking: 'Rezervace',
      code: 'Kód',
      payment: 'Platba kartou',
    },
    origins: { all: 'Všechny jízdy', booking: 'Rezervace', manual: 'Ručně (dashboard)' },
    units: { hours: 'h', minutes: 'min', seconds: 's' },
    pdf: {
      title: 'Přehled využití',
      cart: 'Vozík: {cart}',
      origin: 'Jízdy: {origin}',
      rounds: 'Celkem kol',
      averageDuration: 'Průměrná doba jízdy',
      outliers: 'Započteno jízd: {counted}, vynecháno odlehlých: {outliers}',
      noAverage: 'Žádné dokončené jízdy',
      usagePerDay: 'Kola za den',
      usagePerMonth: 'Kola za měsíc',
      topCarts: 'Nejvytíženější vozíky',
      byService: 'Jízdy podle služby',
      noService: 'Bez služby',
      heatmap: 'Kola podle dne v týdnu a hodiny',
      weekdays: ['po', 'út', 'st', 'čt', 'pá', 'so', 'ne'],
      noRounds: 'V tomto období žádná kola',
      made: 'Vytvořeno {date} · časy v pásmu {timeZone}',
    },
  },
};

/** `template` with each `{name}` replaced by its value. */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** A site day 'YYYY-MM-DD' in the language's spreadsheet pattern. */
export function formatDay(day: string, texts: UsageExportTexts): string {
  const [year, month, date] = day.split('-');
  return texts.csv.date.replace('YYYY', year!).replace('MM', month!).replace('DD', date!);
}

/** Whole seconds as 'h m s' in the language's units: 3725 → '1 h 2 m 5 s'. */
export function formatDurationWords(seconds: number, texts: UsageExportTexts): string {
  const { hours, minutes, seconds: secs } = texts.units;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h > 0 ? `${h} ${hours}` : null, h > 0 || m > 0 ? `${m} ${minutes}` : null, `${s} ${secs}`]
    .filter(Boolean)
    .join(' ');
}
