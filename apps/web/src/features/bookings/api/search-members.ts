import { membersPage, type MemberView } from '@fairway/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';

/** Enough names to choose from while typing; more typing narrows the list. */
const SUGGESTIONS = 20;

/** GET /api/dashboard/members: the first members by name matching what is typed (the driver field). */
export async function searchMembers(
  siteId: string,
  query: string,
  signal?: AbortSignal,
): Promise<MemberView[]> {
  const page = membersPage.parse(
    await apiRequest('/dashboard/members', {
      siteId,
      signal,
      query: { page: 1, limit: SUGGESTIONS, sort: 'name:asc', query: query || undefined },
    }),
  );
  return page.data;
}

/** Under the members key, so a member added or renamed elsewhere is offered fresh. */
export const useMemberSuggestions = (siteId: string, query: string) =>
  useQuery({
    queryKey: [...membersQueryKey(siteId), 'suggestions', query] as const,
    queryFn: ({ signal }) => searchMembers(siteId, query, signal),
    placeholderData: keepPreviousData,
  });
