import { useMutation } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { RideUsageParams } from './get-ride-usage';

/** The two files of Reports → Usage, made by the server in the interface language. */
export const USAGE_EXPORTS = {
  /** every ride of the range, one a row (UTF-8 with BOM, for spreadsheet programs) */
  csv: { path: '/dashboard/rides/chart/rides.csv', fallbackName: 'rides.csv' },
  /** the page's figures on one page, for a club's board meeting */
  pdf: { path: '/dashboard/rides/chart/summary.pdf', fallbackName: 'usage-summary.pdf' },
} as const;
export type UsageExportKind = keyof typeof USAGE_EXPORTS;

/** Making a PDF of two years of rides can outlast the API's usual 15 s. */
const EXPORT_TIMEOUT_MS = 60_000;

/**
 * GET /api/dashboard/rides/chart/rides.csv or …/summary.pdf, with the chart's query and `lang`: fetched with
 * the bearer token and the site (a plain link could send neither) and saved under the server's file name.
 */
export async function downloadUsageExport(
  siteId: string,
  kind: UsageExportKind,
  params: RideUsageParams & { lang: string },
): Promise<void> {
  const { path, fallbackName } = USAGE_EXPORTS[kind];
  const file = await apiRequest<DownloadedFile>(path, {
    siteId,
    query: { ...params },
    responseType: 'file',
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  saveFile(file.blob, file.filename ?? fallbackName);
}

export const useDownloadUsageExport = (siteId: string, kind: UsageExportKind) =>
  useMutation({
    mutationFn: (params: RideUsageParams & { lang: string }) => downloadUsageExport(siteId, kind, params),
  });
