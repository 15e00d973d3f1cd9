import { SYSTEM_LOG_PAGE, systemLogPage, type SystemLogPage } from '@fairway/domain';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile } from '../../../../../lib/api-client';
import { saveFile } from '../../../../../lib/save-file';

/** A workbook of up to 100,000 lines takes the server a while to write. */
const EXPORT_TIMEOUT_MS = 60_000;

const path = (deviceId: string) => `/admin/devices/${encodeURIComponent(deviceId)}/system-logs`;

export const systemLogsQueryKey = (deviceId: string) => ['admin', 'device-system-logs', deviceId] as const;

/** GET /api/admin/devices/{id}/system-logs: a page of the cart's system log, newest first (keyset `before`). */
export async function getSystemLogs(
  deviceId: string,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<SystemLogPage> {
  return systemLogPage.parse(
    await apiRequest(path(deviceId), { query: { before, limit: SYSTEM_LOG_PAGE }, signal }),
  );
}

export const useSystemLogs = (deviceId: string) =>
  useInfiniteQuery({
    queryKey: systemLogsQueryKey(deviceId),
    queryFn: ({ pageParam, signal }) => getSystemLogs(deviceId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/** GET /api/admin/devices/{id}/system-logs/export: the whole log as an .xlsx workbook, saved as a file. */
export async function exportSystemLogs(deviceId: string, fallbackName: string): Promise<void> {
  const file = await apiRequest<DownloadedFile>(`${path(deviceId)}/export`, {
    responseType: 'file',
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  saveFile(file.blob, file.filename ?? fallbackName);
}

export const useExportSystemLogs = (deviceId: string, fallbackName: string) =>
  useMutation({ mutationFn: () => exportSystemLogs(deviceId, fallbackName) });
