import path from 'node:path';
import type { Config } from '../config';
import { LocalFileStore, type FileStore } from './file-store';
import { FileUrlSigner } from './signed-file-urls';

export interface FileStores {
  /** Public files (site logos and covers), served by the server under /api/files/<key>. */
  files: FileStore;
  /** Files only a signed, expiring URL serves (firmware images for carts). */
  privateFiles: FileStore;
  close(): void;
}

/**
 * The S3 bucket of `S3_URL` (prefixes `public/` and `private/`), else DATA_DIR/files/public and
 * DATA_DIR/files/private; a local private store signs its URLs with `urlSecret` for `baseUrl`.
 */
export async function createFileStores(
  config: Config,
  urlSecret: string,
  baseUrl: () => string,
): Promise<FileStores> {
  if (config.s3) {
    // Loaded only when a bucket is configured: the AWS SDK is the largest module the server would load.
    const { S3FileStore } = await import('./s3-file-store');
    const files = new S3FileStore(config.s3, 'public/');
    const privateFiles = new S3FileStore(config.s3, 'private/');
    return {
      files,
      privateFiles,
      close: () => {
        files.close();
        privateFiles.close();
      },
    };
  }
  const root = path.join(config.dataDir, 'files');
  return {
    files: new LocalFileStore(path.join(root, 'public')),
    privateFiles: new LocalFileStore(path.join(root, 'private'), new FileUrlSigner(urlSecret, baseUrl)),
    close: () => undefined,
  };
}
