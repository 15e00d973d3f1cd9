import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * What the service dialog says when the server refused a save (other than a taken name, which shows at the
 * name field). Refusals that come from someone else's change meanwhile are said in the interface language;
 * other answers carry the server's own message, anything else a generic one.
 */
export function serviceSaveErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('services.failed');
  const { code } = error;
  if (code === 'unknownUserGroup') return t('services.errors.unknownUserGroup');
  if (code === 'unknownPrice') return t('services.errors.unknownPrice');
  return error.message;
}

/** A 409 answer to a save: the site already has a service of that name (in any case). */
export const isNameTaken = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
