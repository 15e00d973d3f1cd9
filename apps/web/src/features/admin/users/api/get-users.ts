import { userView, type UserView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

const usersAnswer = z.array(userView);

export const usersQueryKey = ['admin', 'users'] as const;

/** GET /api/admin/users: every user of the platform (superadmin). */
export async function getUsers(signal?: AbortSignal): Promise<UserView[]> {
  return usersAnswer.parse(await apiRequest('/admin/users', { signal }));
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());
