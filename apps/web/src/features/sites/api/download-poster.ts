import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /api/dashboard/sites/poster?lang=: the A4 PDF poster with the QR code to the guest site page, made by
 * the server so it prints at exact size. Answers the file for the browser to save.
 */
export async function downloadPoster(siteId: string, lang: string): Promise<Blob> {
  return apiRequest<Blob>('/dashboard/sites/poster', { siteId, query: { lang }, responseType: 'blob' });
}

/** Saves the poster through a temporary link, as a download named after the site. */
export function savePoster(blob: Blob, siteName: string): void {
  saveFile(blob, `${siteName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'site'}-poster.pdf`);
}

export const useDownloadPoster = (siteId: string) =>
  useMutation({
    mutationFn: ({ lang }: { lang: string; siteName: string }) => downloadPoster(siteId, lang),
    onSuccess: (blob, { siteName }) => savePoster(blob, siteName),
  });
