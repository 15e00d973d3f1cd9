/**
 * The texts of the mails the server sends, in every interface language (cs, da, de, en). A mail is written
 * in the recipient's language: the invite's chosen language, or the user's stored one; anything else
 * falls back to English.
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

export interface MailVars {
  invite: InviteMailVars;
  passwordReset: PasswordResetMailVars;
}

export type MailTemplate = keyof MailVars;

interface RenderedText {
  subject: string;
  text: string;
}

type Texts = { [T in MailTemplate]: Record<MailLang, (vars: MailVars[T]) => RenderedText> };

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
