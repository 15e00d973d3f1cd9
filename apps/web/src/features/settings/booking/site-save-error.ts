import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * The toast text for a failed site settings save. Refusals the server marks with a code are said in the
 * interface language; other answers carry the server's own message (spec §8), anything else a generic one.
 */
export function siteSaveErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const { code } = error;
  if (code === 'paymentsNotActive') return t('booking.errors.paymentsNotActive');
  if (error.status === 403) return t('booking.errors.adminOnly');
  return error.message;
}
