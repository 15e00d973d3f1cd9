import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { SITE_LIMITS } from '@fairway/domain';
import type { FileStore } from '../../lib/file-store';
import { HttpError, notFound } from '../../lib/errors';
import { keyOfPublicFileUrl, publicFileUrl } from '../files/public-files';
import { detectImage } from './image-content';
import type { SiteImageKind, SiteImagesRepository } from './site-images.repository';

/** Spec §5 Image upload; the codes let the web app translate, the messages stay English. */
export const imageRequired = () => new HttpError(400, 'Please choose an image', 'imageRequired');
export const imageTooLarge = () =>
  new HttpError(400, 'The image must not be larger than 2 MB', 'imageTooLarge');
export const imageType = () => new HttpError(400, 'Only JPEG or PNG images can be uploaded', 'imageType');

export class SiteImagesService {
  constructor(
    private readonly repository: SiteImagesRepository,
    private readonly files: FileStore,
    private readonly log: Logger,
  ) {}

  /**
   * Checks an uploaded site image (null = no file sent), stores it and makes it the site's `kind`.
   * Nothing changes unless all of it succeeds; the replaced file is then removed.
   * `bytes` may stop one byte past the limit (the upload reader reads no further): still too large.
   */
  async upload(siteId: string, kind: SiteImageKind, bytes: Buffer | null): Promise<{ url: string }> {
    if (!bytes || bytes.length === 0) throw imageRequired();
    if (bytes.length > SITE_LIMITS.imageMaxBytes) throw imageTooLarge();
    const image = detectImage(bytes);
    if (!image) throw imageType();
    const current = await this.repository.current(siteId, kind);
    if (!current) throw notFound('Site not found');

    // Named after the content: a new image gets a new URL, so browsers may cache every URL for good.
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const key = `sites/${siteId}/${kind}-${hash}.${image.extension}`;
    const url = publicFileUrl(key);
    // Written whole or not at all (FileStore.put), so a failure here leaves the site's files as they were.
    await this.files.put(key, bytes, image.contentType);
    // The same image again: the site already points at this file, which must not be deleted as "old".
    if (current.url === url) return { url };

    const replaced = await this.repository.replace(siteId, kind, url).catch(async (error: unknown) => {
      await this.deleteQuietly(siteId, key);
      throw error;
    });
    if (!replaced) {
      await this.deleteQuietly(siteId, key);
      throw notFound('Site not found');
    }
    const previousKey = keyOfPublicFileUrl(replaced.previous);
    if (previousKey && previousKey !== key) await this.deleteQuietly(siteId, previousKey);
    return { url };
  }

  /**
   * Best effort: a file that cannot be deleted only costs disk space, while failing the request would
   * report an upload that did succeed (or hide the error that did fail it).
   */
  private async deleteQuietly(siteId: string, key: string): Promise<void> {
    await this.files
      .delete(key)
      .catch((error: unknown) => this.log.warn({ err: error, siteId, key }, 'could not delete a site image'));
  }
}
