import { bulkResult, type BulkResult } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/**
 * POST /api/dashboard/members/link {members: {email: memberId}}: links each member to the app profile with
 * the same email; the answer counts the members that found one.
 */
export async function linkMembers(siteId: string, members: Record<string, string>): Promise<BulkResult> {
  return bulkResult.parse(
    await apiRequest('/dashboard/members/link', { method: 'POST', siteId, body: { members } }),
  );
}

export const useLinkMembers = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: Record<string, string>) => linkMembers(siteId, members),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
