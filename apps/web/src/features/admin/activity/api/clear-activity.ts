import { clearActivityAnswer } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { activityQueryKey } from './get-activity';

/** One cart's log, or a whole site's (domain `clearActivityQuery`: at least one of the two). */
export type ClearActivityTarget =
  { deviceId: string; siteId?: string } | { deviceId?: undefined; siteId: string };

/** DELETE /api/admin/activity: clears the log of a cart or a site; answers how many entries went. */
export async function clearActivity(target: ClearActivityTarget): Promise<number> {
  const answer = clearActivityAnswer.parse(
    await apiRequest('/admin/activity', { method: 'DELETE', query: { ...target } }),
  );
  return answer.deleted;
}

export const useClearActivity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearActivity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityQueryKey }),
  });
};
