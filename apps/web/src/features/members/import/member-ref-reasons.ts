import { email as emailSchema } from '@fairway/domain';
import { i18n } from '../../../lib/i18n';

/**
 * Why a row cannot be imported, in the interface language. The domain check names the first broken rule
 * in English (for the API); the common ones are named here again, the rare ones (a name over 100
 * characters) keep the domain's words.
 */
export function invalidRowReason(row: { name: string; email: string; message: string }): string {
  if (row.name.trim() === '') return i18n.t('memberImport.reasons.missingName');
  if (row.email.trim() === '') return i18n.t('memberImport.reasons.missingEmail');
  if (!emailSchema.safeParse(row.email).success) return i18n.t('memberImport.reasons.invalidEmail');
  return row.message;
}

export const duplicateReason = (reason: 'existing' | 'file'): string =>
  i18n.t(reason === 'existing' ? 'memberImport.reasons.existing' : 'memberImport.reasons.repeated');
