import type { SiteLang } from '@fairway/domain';

export interface PosterTexts {
  headline: string;
  /** Printed under the code and its URL. */
  instruction: string;
}

/** The poster's words in a site's languages, printed as written (the poster embeds DejaVu Sans). */
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
    headline: 'Naskenujte a jeďte',
    instruction: 'Pro odemknutí vozíku naskenujte QR kód fotoaparátem svého telefonu',
  },
};
