import type { AdminDeviceFilter } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';

/** Thousands of rows may take a while to write. */
const EXPORT_TIMEOUT_MS = 120_000;

export type DeviceExportFilter = Omit<AdminDeviceFilter, 'q'> & { q?: string };

/** GET /api/admin/devices/export: the trackers the table would show with the same search and sort, as CSV. */
export async function exportDevices(filter: DeviceExportFilter): Promise<DownloadedFile> {
  return apiRequest<DownloadedFile>('/admin/devices/export', {
    query: { ...filter, q: filter.q || undefined },
    responseType: 'file',
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
}

/** The name the server gives the file, or one with today's date. */
export const exportFilename = (file: DownloadedFile, today = new Date()) =>
  file.filename ?? `devices-${today.toISOString().slice(0, 10)}.csv`;

export const useExportDevices = () =>
  useMutation({
    mutationFn: exportDevices,
    onSuccess: (file) => saveFile(file.blob, exportFilename(file)),
  });
