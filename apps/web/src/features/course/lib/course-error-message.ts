import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * What a failed save tells the admin. The editor checks positions with the server's own rule before it
 * sends, so a 400 is rare (the site's centre moved meanwhile) and its English message names the hole; a
 * 403 means the role changed since the page opened.
 */
export function courseErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 403) return t('course.adminOnly');
  return error instanceof ApiError ? error.message : t('errors.unknown');
}
