import { supportExportAnswer, type SupportExportAnswer } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** Exporting hundreds of contacts to a remote directory may take longer than an ordinary call. */
const EXPORT_TIMEOUT_MS = 60_000;

/**
 * POST /api/admin/users/support-export: the spec's "Sync" button. Every user goes as a contact to the
 * configured support directory; the answer counts them.
 */
export async function exportUsers(): Promise<SupportExportAnswer> {
  return supportExportAnswer.parse(
    await apiRequest('/admin/users/support-export', { method: 'POST', timeoutMs: EXPORT_TIMEOUT_MS }),
  );
}

export const useExportUsers = () => useMutation({ mutationFn: exportUsers });
