import { bulkResult, type BulkResult } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/** POST /api/dashboard/members/unlink {members: {memberId: profileId}}: drops the members' app links. */
export async function unlinkMembers(siteId: string, members: Record<string, string>): Promise<BulkResult> {
  return bulkResult.parse(
    await apiRequest('/dashboard/members/unlink', { method: 'POST', siteId, body: { members } }),
  );
}

export const useUnlinkMembers = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: Record<string, string>) => unlinkMembers(siteId, members),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
