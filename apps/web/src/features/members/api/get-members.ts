import { membersPage, type MembersPage, type MemberSearchField } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';

/** One page of the list as the server cuts it (domain `membersQuery`). */
export interface MembersListParams {
  page: number;
  limit: number;
  /** `field:asc|desc` */
  sort: string;
  query?: string;
  /** absent = name, company and email */
  searchIn?: MemberSearchField;
}

/** GET /api/dashboard/members: a page of the site's members, searched and sorted by the server. */
export async function getMembers(
  siteId: string,
  params: MembersListParams,
  signal?: AbortSignal,
): Promise<MembersPage> {
  return membersPage.parse(await apiRequest('/dashboard/members', { siteId, signal, query: { ...params } }));
}

export const membersListQueryOptions = (siteId: string, params: MembersListParams) =>
  queryOptions({
    queryKey: [...membersQueryKey(siteId), params],
    queryFn: ({ signal }) => getMembers(siteId, params, signal),
    // The page in view stays while the next one loads, so paging and typing never blank the table.
    placeholderData: keepPreviousData,
  });

export const useMembers = (siteId: string, params: MembersListParams) =>
  useQuery(membersListQueryOptions(siteId, params));
