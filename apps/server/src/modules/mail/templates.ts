import type { CodeType } from '@fairway/domain';

/**
 * The texts of the mails the server sends, in every interface language (cs, da, de, en). A mail is written
 * in the recipient's language: the invite's chosen language, the user's or the member's stored one;
 * anything else falls back to English.
 */
export const MAIL_LANGS = ['en', 'de', 'da', 'cs'] as const;
export type MailLang = (typeof MAIL_LANGS)[number];

export const isMailLang = (value: unknown): value is MailLang =>
  typeof value === 'string' && (MAIL_LANGS as readonly string[]).includes(value);

export interface InviteMailVars {
  link: string;
  days: number;
}

export interface PasswordResetMailVars {
  link: string;
  minutes: number;
}

/** A member's code (spec §4 Codes: Send Email). */
export interface MemberCodeMailVars {
  name: string;
  siteName: string;
  code: string;
  type: CodeType;
  /** the car numbers it opens, or all carts */
  carts: string[] | 'all';
  expires: Date | null;
  /** the site's time zone, in which the expiry is written */
  timeZone: string;
}

/** An API client's webhook subscription switched off after repeated failures (to every superadmin). */
export interface WebhookDisabledMailVars {
  clientName: string;
  siteName: string;
  url: string;
  /** delivery cycles in a row that ended failed */
  failures: number;
  /** hours each cycle retried */
  hours: number;
  lastError: string | null;
}

export interface MailVars {
  invite: InviteMailVars;
  passwordReset: PasswordResetMailVars;
  memberCode: MemberCodeMailVars;
  webhookDisabled: WebhookDisabledMailVars;
}

export type MailTemplate = keyof MailVars;

interface RenderedText {
  subject: string;
  text: string;
}

type Texts = { [T in MailTemplate]: Record<MailLang, (vars: MailVars[T]) => RenderedText> };

/** What differs between the languages of the member code mail; `memberCodeMail` lays them out. */
interface MemberCodePhrases {
  locale: string;
  subject: (type: CodeType, siteName: string) => string;
  greeting: (name: string) => string;
  intro: (type: CodeType, siteName: string) => string;
  /** how the code line is labelled: a key, a code, a tag number */
  label: Record<CodeType, string>;
  carts: (carts: string[] | 'all') => string;
  validUntil: (when: string) => string;
  /** how to unlock a cart with it; for a virtual key: scan the cart's QR code and enter the key */
  howTo: Record<CodeType, string>;
  closing: string;
}

/** The expiry in the site's time zone, in the reader's language, with the zone named. */
function formatExpiry(expires: Date, locale: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(expires);
  } catch {
    // A site's time zone is checked when it is saved; should one still be unknown, UTC says it plainly.
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(expires);
  }
}

const memberCodeMail =
  (phrases: MemberCodePhrases) =>
  ({ name, siteName, code, type, carts, expires, timeZone }: MemberCodeMailVars): RenderedText => ({
    subject: phrases.subject(type, siteName),
    text: [
      phrases.greeting(name),
      '',
      phrases.intro(type, siteName),
      '',
      `${phrases.label[type]}: ${code}`,
      phrases.carts(carts),
      ...(expires ? [phrases.validUntil(formatExpiry(expires, phrases.locale, timeZone))] : []),
      '',
      phrases.howTo[type],
      '',
      phrases.closing,
    ].join('\n'),
  });

const CODE_TYPE_NAMES: Record<MailLang, Record<CodeType, string>> = {
  en: { virtualKey: 'virtual key', keypad: 'keypad code', rfid: 'RFID tag' },
  de: { virtualKey: 'virtueller Schlüssel', keypad: 'Tastencode', rfid: 'RFID-Chip' },
  // After the possessive ('din') Danish takes the definite adjective.
  da: { virtualKey: 'virtuelle nøgle', keypad: 'tastaturkode', rfid: 'RFID-brik' },
  cs: { virtualKey: 'virtuální klíč', keypad: 'kód pro klávesnici', rfid: 'RFID čip' },
};

/** What differs between the languages of the webhook notice; `webhookDisabledMail` lays them out. */
interface WebhookDisabledPhrases {
  subject: string;
  greeting: string;
  intro: string;
  /** client, site, address, last error */
  labels: [string, string, string, string];
  /** when no error was recorded */
  none: string;
  outro: string;
}

const webhookDisabledMail = (
  vars: WebhookDisabledMailVars,
  phrases: WebhookDisabledPhrases,
): RenderedText => {
  const [client, site, address, lastError] = phrases.labels;
  return {
    subject: phrases.subject,
    text: [
      phrases.greeting,
      '',
      phrases.intro,
      '',
      `${client}: ${vars.clientName}`,
      `${site}: ${vars.siteName}`,
      `${address}: ${vars.url}`,
      `${lastError}: ${vars.lastError ?? phrases.none}`,
      '',
      phrases.outro,
    ].join('\n'),
  };
};

const TEXTS: Texts = {
  invite: {
    en: ({ link, days }) => ({
      subject: 'You are invited to Fairway',
      text: [
        'Hello,',
        '',
        'you have been invited to manage a cart fleet on Fairway.',
        'Open this link to choose a password and create your account:',
        '',
        link,
        '',
        `The invitation is valid for ${days} days. If you did not expect it, you can ignore this email.`,
      ].join('\n'),
    }),
    de: ({ link, days }) => ({
      subject: 'Einladung zu Fairway',
      text: [
        'Hallo,',
        '',
        'Sie wurden eingeladen, eine Cart-Flotte in Fairway zu verwalten.',
        'Öffnen Sie diesen Link, um ein Passwort zu wählen und Ihr Konto anzulegen:',
        '',
        link,
        '',
        `Die Einladung ist ${days} Tage gültig. Falls Sie sie nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
      ].join('\n'),
    }),
    da: ({ link, days }) => ({
      subject: 'Du er inviteret til Fairway',
      text: [
        'Hej,',
        '',
        'du er blevet inviteret til at administrere en bilflåde i Fairway.',
        'Åbn dette link for at vælge en adgangskode og oprette din konto:',
        '',
        link,
        '',
        `Invitationen er gyldig i ${days} dage. Hvis du ikke forventede den, kan du se bort fra denne e-mail.`,
      ].join('\n'),
    }),
    cs: ({ link, days }) => ({
      subject: 'Pozvánka do Fairway',
      text: [
        'Dobrý den,',
        '',
        'byli jste pozváni ke správě flotily vozíků v aplikaci Fairway.',
        'Otevřete tento odkaz, zvolte si heslo a vytvořte si účet:',
        '',
        link,
        '',
        `Pozvánka platí ${days} dní. Pokud jste ji nečekali, můžete tento e-mail ignorovat.`,
      ].join('\n'),
    }),
  },
  passwordReset: {
    en: ({ link, minutes }) => ({
      subject: 'Reset your Fairway password',
      text: [
        'Hello,',
        '',
        'we received a request to reset the password of your Fairway account.',
        'Open this link to choose a new password:',
        '',
        link,
        '',
        `The link works once and expires in ${minutes} minutes.`,
        'If you did not ask for it, ignore this email; your password stays unchanged.',
      ].join('\n'),
    }),
    de: ({ link, minutes }) => ({
      subject: 'Fairway-Passwort zurücksetzen',
      text: [
        'Hallo,',
        '',
        'wir haben eine Anfrage erhalten, das Passwort Ihres Fairway-Kontos zurückzusetzen.',
        'Öffnen Sie diesen Link, um ein neues Passwort zu wählen:',
        '',
        link,
        '',
        `Der Link funktioniert einmal und läuft in ${minutes} Minuten ab.`,
        'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
      ].join('\n'),
    }),
    da: ({ link, minutes }) => ({
      subject: 'Nulstil din Fairway-adgangskode',
      text: [
        'Hej,',
        '',
        'vi har modtaget en anmodning om at nulstille adgangskoden til din Fairway-konto.',
        'Åbn dette link for at vælge en ny adgangskode:',
        '',
        link,
        '',
        `Linket virker én gang og udløber om ${minutes} minutter.`,
        'Hvis du ikke har bedt om det, kan du se bort fra denne e-mail; din adgangskode forbliver uændret.',
      ].join('\n'),
    }),
    cs: ({ link, minutes }) => ({
      subject: 'Obnovení hesla k Fairway',
      text: [
        'Dobrý den,',
        '',
        'obdrželi jsme žádost o obnovení hesla k vašemu účtu Fairway.',
        'Otevřete tento odkaz a zvolte si nové heslo:',
        '',
        link,
        '',
        `Odkaz lze použít jednou a vyprší za ${minutes} minut.`,
        'Pokud jste o obnovení nežádali, tento e-mail ignorujte; vaše heslo zůstane beze změny.',
      ].join('\n'),
    }),
  },
  memberCode: {
    en: memberCodeMail({
      locale: 'en-GB',
      subject: (type, siteName) => `Your ${CODE_TYPE_NAMES.en[type]} for ${siteName}`,
      greeting: (name) => `Hello ${name},`,
      intro: (type, siteName) => `here is your ${CODE_TYPE_NAMES.en[type]} for ${siteName}.`,
      label: { virtualKey: 'Key', keypad: 'Code', rfid: 'Tag number' },
      carts: (carts) => `Carts: ${carts === 'all' ? 'all carts' : carts.join(', ')}`,
      validUntil: (when) => `Valid until: ${when}`,
      howTo: {
        virtualKey: 'To unlock a cart, scan the QR code on the cart with your phone and enter this key.',
        keypad: "To unlock a cart, type this code on the cart's keypad.",
        rfid: "To unlock a cart, hold your tag to the cart's reader.",
      },
      closing: 'Enjoy your round!',
    }),
    de: memberCodeMail({
      locale: 'de-DE',
      subject: (type, siteName) => `Ihr ${CODE_TYPE_NAMES.de[type]} für ${siteName}`,
      greeting: (name) => `Hallo ${name},`,
      intro: (type, siteName) => `hier ist Ihr ${CODE_TYPE_NAMES.de[type]} für ${siteName}.`,
      label: { virtualKey: 'Schlüssel', keypad: 'Code', rfid: 'Chipnummer' },
      carts: (carts) => `Carts: ${carts === 'all' ? 'alle Carts' : carts.join(', ')}`,
      validUntil: (when) => `Gültig bis: ${when}`,
      howTo: {
        virtualKey:
          'Um ein Cart zu entsperren, scannen Sie den QR-Code am Cart mit Ihrem Handy und geben Sie diesen Schlüssel ein.',
        keypad: 'Um ein Cart zu entsperren, geben Sie diesen Code am Tastenfeld des Carts ein.',
        rfid: 'Um ein Cart zu entsperren, halten Sie Ihren Chip an das Lesegerät des Carts.',
      },
      closing: 'Viel Spaß auf der Runde!',
    }),
    da: memberCodeMail({
      locale: 'da-DK',
      subject: (type, siteName) => `Din ${CODE_TYPE_NAMES.da[type]} til ${siteName}`,
      greeting: (name) => `Hej ${name},`,
      intro: (type, siteName) => `her er din ${CODE_TYPE_NAMES.da[type]} til ${siteName}.`,
      label: { virtualKey: 'Nøgle', keypad: 'Kode', rfid: 'Briknummer' },
      carts: (carts) => `Biler: ${carts === 'all' ? 'alle biler' : carts.join(', ')}`,
      validUntil: (when) => `Gyldig til: ${when}`,
      howTo: {
        virtualKey:
          'Du låser en bil op ved at scanne QR-koden på bilen med din telefon og indtaste denne nøgle.',
        keypad: 'Du låser en bil op ved at indtaste denne kode på bilens tastatur.',
        rfid: 'Du låser en bil op ved at holde din brik op til bilens læser.',
      },
      closing: 'God runde!',
    }),
    cs: memberCodeMail({
      locale: 'cs-CZ',
      subject: (type, siteName) => `Váš ${CODE_TYPE_NAMES.cs[type]} pro ${siteName}`,
      // Czech addresses by name in the vocative; the plain greeting avoids declining names.
      greeting: () => 'Dobrý den,',
      intro: (type, siteName) => `zde je váš ${CODE_TYPE_NAMES.cs[type]} pro ${siteName}.`,
      label: { virtualKey: 'Klíč', keypad: 'Kód', rfid: 'Číslo čipu' },
      carts: (carts) => `Vozíky: ${carts === 'all' ? 'všechny vozíky' : carts.join(', ')}`,
      validUntil: (when) => `Platí do: ${when}`,
      howTo: {
        virtualKey: 'Vozík odemknete tak, že telefonem naskenujete QR kód na vozíku a zadáte tento klíč.',
        keypad: 'Vozík odemknete zadáním tohoto kódu na klávesnici vozíku.',
        rfid: 'Vozík odemknete přiložením čipu ke čtečce vozíku.',
      },
      closing: 'Příjemnou hru!',
    }),
  },
  webhookDisabled: {
    en: (vars) =>
      webhookDisabledMail(vars, {
        subject: `Webhook switched off: ${vars.clientName}`,
        intro: `Fairway switched off a webhook subscription after ${vars.failures} delivery attempts in a row failed (each event retried for ${vars.hours} hours).`,
        labels: ['Client', 'Site', 'Address', 'Last error'],
        none: 'none recorded',
        outro:
          'No events are sent to it until it is switched on again in Admin → Clients. Its delivery log shows every attempt; failed deliveries can be sent again from there.',
        greeting: 'Hello,',
      }),
    de: (vars) =>
      webhookDisabledMail(vars, {
        subject: `Webhook abgeschaltet: ${vars.clientName}`,
        intro: `Fairway hat ein Webhook-Abonnement abgeschaltet, nachdem ${vars.failures} Zustellungen in Folge fehlgeschlagen sind (jedes Ereignis wurde ${vars.hours} Stunden lang erneut versucht).`,
        labels: ['Client', 'Standort', 'Adresse', 'Letzter Fehler'],
        none: 'keiner erfasst',
        outro:
          'Bis es unter Admin → Clients wieder eingeschaltet wird, werden keine Ereignisse gesendet. Das Zustellprotokoll zeigt jeden Versuch; fehlgeschlagene Zustellungen können dort erneut gesendet werden.',
        greeting: 'Hallo,',
      }),
    da: (vars) =>
      webhookDisabledMail(vars, {
        subject: `Webhook slået fra: ${vars.clientName}`,
        intro: `Fairway har slået et webhook-abonnement fra, efter at ${vars.failures} leveringer i træk mislykkedes (hver hændelse blev forsøgt igen i ${vars.hours} timer).`,
        labels: ['Klient', 'Anlæg', 'Adresse', 'Seneste fejl'],
        none: 'ingen registreret',
        outro:
          'Der sendes ingen hændelser til det, før det slås til igen under Admin → Klienter. Leveringsloggen viser hvert forsøg; mislykkede leveringer kan sendes igen derfra.',
        greeting: 'Hej,',
      }),
    cs: (vars) =>
      webhookDisabledMail(vars, {
        subject: `Webhook vypnut: ${vars.clientName}`,
        intro: `Fairway vypnul odběr webhooku poté, co ${vars.failures} doručení po sobě selhalo (každá událost se zkoušela znovu ${vars.hours} hodin).`,
        labels: ['Klient', 'Areál', 'Adresa', 'Poslední chyba'],
        none: 'žádná nezaznamenána',
        outro:
          'Dokud nebude v Administrace → Klienti znovu zapnut, nebudou se mu posílat žádné události. Protokol doručení ukazuje každý pokus; neúspěšná doručení odtud lze poslat znovu.',
        greeting: 'Dobrý den,',
      }),
  },
};

/** Subject and text of `template` in `lang` (English when the language is not one we write). */
export function renderMail<T extends MailTemplate>(
  template: T,
  lang: string,
  vars: MailVars[T],
): RenderedText & { template: T; lang: MailLang } {
  const chosen: MailLang = isMailLang(lang) ? lang : 'en';
  const render = TEXTS[template][chosen] as (vars: MailVars[T]) => RenderedText;
  return { ...render(vars), template, lang: chosen };
}
