import type { SiteLang } from '@fairway/domain';

export interface PosterTexts {
  headline: string;
  /** Printed under the code and its URL. */
  instruction: string;
}

/**
 * The poster's words in a site's languages. The poster uses the standard Helvetica font, whose WinAnsi
 * encoding lacks several Czech letters (č, ď, ě, ň, ř, ť, ů): the Czech texts are worded with letters it
 * has (á, é, í, ó, ú, ý, š, ž), so they print exactly as written. Text that is not ours (the site's name)
 * falls back letter by letter, see poster.pdf.ts.
 */
export const POSTER_TEXTS: Record<SiteLang, PosterTexts> = {
  en: {
    headline: 'Scan to ride',
    instruction: 'Scan the QR code with your phone camera to unlock a cart',
  },
  de: {
    headline: 'Scannen und losfahren',
    instruction: 'Scannen Sie den QR-Code mit der Kamera Ihres Handys, um ein Cart zu entsperren',
  },
  da: {
    headline: 'Scan og kør',
    instruction: 'Scan QR-koden med kameraet på din telefon for at låse en golfbil op',
  },
  cs: {
    headline: 'Naskenujte a vyrazte',
    instruction: 'Pro odemknutí vozíku naskenujte QR kód fotoaparátem svého telefonu',
  },
};
