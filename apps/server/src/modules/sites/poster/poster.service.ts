import type { Logger } from 'pino';
import { SITE_LANGS, type SiteLang } from '@fairway/domain';
import type { FileStore } from '../../../lib/file-store';
import { notFound } from '../../../lib/errors';
import { fileNamePart } from '../../../lib/file-name';
import { keyOfPublicFileUrl } from '../../files/public-files';
import type { SitesRepository } from '../sites.repository';

export interface PosterFile {
  filename: string;
  pdf: Uint8Array;
}

/** The guest site page a poster's QR code opens (the web app's /guest/site/:siteId route). */
export const guestSiteUrl = (publicUrl: string, siteId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/guest/site/${siteId}`;

const isSiteLang = (value: string): value is SiteLang => (SITE_LANGS as readonly string[]).includes(value);

export class PosterService {
  constructor(
    private readonly sites: SitesRepository,
    private readonly files: FileStore,
    private readonly publicUrl: string,
    private readonly log: Logger,
  ) {}

  /**
   * The site's poster in `lang`, by default the site's own language. `appUrl`: where the operator reached
   * this server (PUBLIC_URL when set), so the QR code never points a guest's phone at localhost.
   */
  async poster(siteId: string, lang?: SiteLang, appUrl = this.publicUrl): Promise<PosterFile> {
    const site = await this.sites.find(siteId);
    if (!site) throw notFound('Site not found');
    const logoKey = keyOfPublicFileUrl(site.logo);
    const logo = logoKey ? await this.files.get(logoKey) : null;
    // Loaded on first use: pdf-lib and fontkit cost ~40 MB of RSS in every server that never prints one
    // (docs/performance.md, issue 22 memory).
    const { buildPosterPdf } = await import('./poster.pdf');
    const poster = await buildPosterPdf({
      siteName: site.name,
      url: guestSiteUrl(appUrl, siteId),
      lang: lang ?? (isSiteLang(site.lang) ? site.lang : 'en'),
      logo: logo?.bytes,
    });
    if (poster.logo === 'unreadable')
      this.log.warn({ siteId, logo: site.logo }, 'site logo could not be placed on the poster');
    return { filename: `${fileNamePart(site.name) || 'site'}-poster.pdf`, pdf: poster.pdf };
  }
}
