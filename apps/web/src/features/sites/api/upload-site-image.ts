import { imageUploadAnswer } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { siteQueryOptions } from './get-site';

export type SiteImageKind = 'logo' | 'cover';

/** POST /api/dashboard/sites/logo or /cover, multipart field 'image': the image's public address. */
export async function uploadSiteImage(siteId: string, kind: SiteImageKind, file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = imageUploadAnswer.parse(
    await apiRequest(`/dashboard/sites/${kind}`, { method: 'POST', siteId, body: form }),
  );
  return answer.url;
}

export const useUploadSiteImage = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: SiteImageKind; file: File }) => uploadSiteImage(siteId, kind, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteQueryOptions(siteId).queryKey }),
  });
};
