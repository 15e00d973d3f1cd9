import { logFilesAnswer, type LogFileView } from '@fairway/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile } from '../../../../../lib/api-client';
import { saveFile } from '../../../../../lib/save-file';

const path = (deviceId: string) => `/admin/devices/${encodeURIComponent(deviceId)}/log-files`;

export const logFilesQueryKey = (deviceId: string) => ['admin', 'device-log-files', deviceId] as const;

/** GET /api/admin/devices/{id}/log-files: one file per day with system log lines. */
export async function getLogFiles(deviceId: string, signal?: AbortSignal): Promise<LogFileView[]> {
  return logFilesAnswer.parse(await apiRequest(path(deviceId), { signal }));
}

export const useLogFiles = (deviceId: string) =>
  useQuery({ queryKey: logFilesQueryKey(deviceId), queryFn: ({ signal }) => getLogFiles(deviceId, signal) });

/**
 * GET /api/admin/devices/{id}/log-files/{name}: the day's lines as text, saved under the file's name. Fetched
 * rather than linked: the API wants the bearer token, which a plain link could not send.
 */
export async function downloadLogFile(deviceId: string, name: string): Promise<void> {
  const file = await apiRequest<DownloadedFile>(`${path(deviceId)}/${encodeURIComponent(name)}`, {
    responseType: 'file',
  });
  saveFile(file.blob, file.filename ?? name);
}

export const useDownloadLogFile = (deviceId: string) =>
  useMutation({ mutationFn: (name: string) => downloadLogFile(deviceId, name) });
