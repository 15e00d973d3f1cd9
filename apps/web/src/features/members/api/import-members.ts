import { memberImportResult, type MemberImportResult, type MemberImportRow } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/**
 * A large file takes the server a while (every row is checked and inserted), longer than the usual 15 s
 * limit of a dashboard call.
 */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /api/dashboard/members/import: every mapped row of the file. The server checks each row again and
 * answers how many were imported, which were duplicates (already members, or repeated in the file) and
 * which it refused.
 */
export async function importMembers(siteId: string, members: MemberImportRow[]): Promise<MemberImportResult> {
  return memberImportResult.parse(
    await apiRequest('/dashboard/members/import', {
      method: 'POST',
      siteId,
      body: { members },
      timeoutMs: IMPORT_TIMEOUT_MS,
    }),
  );
}

export const useImportMembers = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: MemberImportRow[]) => importMembers(siteId, members),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
