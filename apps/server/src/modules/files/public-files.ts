import { isValidFileKey } from '../../lib/file-store';

/** Where files.routes.ts serves the public file store; what a site's `logo` and `cover` hold. */
export const PUBLIC_FILES_PATH = '/api/files/';

export const publicFileUrl = (key: string): string => `${PUBLIC_FILES_PATH}${key}`;

/**
 * The store key behind a public file URL, or null when the URL points elsewhere (an address set by hand
 * or seeded), so callers never touch a file they did not store.
 */
export function keyOfPublicFileUrl(url: string | null): string | null {
  if (!url?.startsWith(PUBLIC_FILES_PATH)) return null;
  const key = url.slice(PUBLIC_FILES_PATH.length);
  return isValidFileKey(key) ? key : null;
}
