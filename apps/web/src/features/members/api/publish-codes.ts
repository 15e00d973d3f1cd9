import { codesPublishResult, type CodesPublishResult } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/dashboard/codes/publish: the site's codes into every cart's config (offline carts on reconnect). */
export async function publishCodes(siteId: string): Promise<CodesPublishResult> {
  return codesPublishResult.parse(await apiRequest('/dashboard/codes/publish', { method: 'POST', siteId }));
}

export const usePublishCodes = (siteId: string) => useMutation({ mutationFn: () => publishCodes(siteId) });
