import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileUrlSigner } from './signed-file-urls';

/**
 * Files by key, e.g. `sites/<siteId>/logo-<hash>.png`: on the local disk (`LocalFileStore`) or in an
 * S3-compatible bucket (`S3FileStore`, selected by `S3_URL`). Both pass the same contract test.
 */
export interface FileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored file, or null when nothing is stored under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** The stored file's size in bytes, or null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
  /**
   * An absolute URL anyone holding it may GET the file from until `ttlSeconds` have passed (a cart's
   * firmware download); refused (403) once expired or when any part of it was changed.
   */
  signedUrl(key: string, ttlSeconds: number): Promise<string>;
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`invalid file key: ${JSON.stringify(key)}`);
  }
}

const MAX_KEY_LENGTH = 512;
/**
 * Lower-case segments joined by single slashes. A segment may not start with a dot, which rules out `.`,
 * `..` and hidden files, so the store's own temp files (dot-prefixed) can never be read as a key.
 */
const KEY_PATTERN = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;

/** Whether `key` may name a stored file: relative, no `..`, only `[a-z0-9/._-]`. */
export function isValidFileKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key) && !key.includes('..');
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** The content type a key's extension stands for; unknown extensions are served as opaque bytes. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Files on the local disk under `root` (the runtime passes `<DATA_DIR>/files/public`, and
 * `<DATA_DIR>/files/private` with a signer for files only signed URLs serve).
 */
export class LocalFileStore implements FileStore {
  constructor(
    private readonly root: string,
    /** Signs the URLs `signedUrl` answers; the server serves them (modules/files/signed-files.routes.ts). */
    readonly signer: FileUrlSigner | null = null,
  ) {}

  // The local store derives the type from the key's extension on read, so `contentType` is not kept.
  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed into place (atomic on one file system): a reader sees the
    // whole old file or the whole new one, never half a file.
    const temp = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}`,
    );
    try {
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const bytes = await fs.readFile(this.pathOf(key));
      return { bytes, contentType: contentTypeOfKey(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? stat.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async signedUrl(key: string, ttlSeconds: number): Promise<string> {
    if (!this.signer) throw new Error('this file store serves no signed URLs');
    this.pathOf(key); // the key is checked now, not when the URL is used
    return this.signer.sign(key, ttlSeconds);
  }

  private pathOf(key: string): string {
    if (!isValidFileKey(key)) throw new InvalidFileKeyError(key);
    return path.join(this.root, ...key.split('/'));
  }
}

/** A key that names nothing, or names a folder (`sites`) or passes through a file, is simply not there. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}
