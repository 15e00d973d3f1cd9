import { codeFindResult, type CodeFindResult } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/codes/find?code=: whose keypad code or RFID tag this is; 404 when nobody's. */
export async function findCode(siteId: string, code: string, signal?: AbortSignal): Promise<CodeFindResult> {
  return codeFindResult.parse(await apiRequest('/dashboard/codes/find', { siteId, signal, query: { code } }));
}

export const findCodeQueryOptions = (siteId: string, code: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'codes', 'find', code],
    queryFn: ({ signal }) => findCode(siteId, code, signal),
    // Codes change while the dialog is closed: every search asks again.
    staleTime: 0,
    gcTime: 0,
  });

/** The lookup for the code last submitted; idle while none is. */
export const useFindCode = (siteId: string, code: string | null) =>
  useQuery({ ...findCodeQueryOptions(siteId, code ?? ''), enabled: code !== null });
