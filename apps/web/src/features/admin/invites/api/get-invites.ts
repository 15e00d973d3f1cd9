import { inviteView, type InviteView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

const invitesAnswer = z.array(inviteView);

export const invitesQueryKey = ['admin', 'invites'] as const;

/** GET /api/admin/users/invites: the invites not yet accepted, expired ones included. */
export async function getInvites(signal?: AbortSignal): Promise<InviteView[]> {
  return invitesAnswer.parse(await apiRequest('/admin/users/invites', { signal }));
}

export const invitesQueryOptions = () =>
  queryOptions({ queryKey: invitesQueryKey, queryFn: ({ signal }) => getInvites(signal) });

export const useInvites = () => useQuery(invitesQueryOptions());
