import { firmwareFileView, type FirmwareFileView, type FirmwareFolderName } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../../lib/api-client';

const firmwareFilesAnswer = z.array(firmwareFileView);

export const firmwareFilesQueryKey = ['admin', 'firmware'] as const;

/** GET /api/storage/firmware?folder=…: one folder's images, newest first (superadmin, bearer token). */
export async function getFirmwareFiles(
  folder: FirmwareFolderName,
  signal?: AbortSignal,
): Promise<FirmwareFileView[]> {
  return firmwareFilesAnswer.parse(
    await apiRequest('/storage/firmware', { query: { folder }, auth: 'user', signal }),
  );
}

export const firmwareFilesQueryOptions = (folder: FirmwareFolderName) =>
  queryOptions({
    queryKey: [...firmwareFilesQueryKey, folder],
    queryFn: ({ signal }) => getFirmwareFiles(folder, signal),
  });

export const useFirmwareFiles = (folder: FirmwareFolderName, enabled = true) =>
  useQuery({ ...firmwareFilesQueryOptions(folder), enabled });
