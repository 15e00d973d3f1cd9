import { firmwareFileView, type FirmwareFileView, type FirmwareFolderName } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { firmwareFilesQueryKey } from './get-firmware-files';

/** A 5 MB image over a slow line takes longer than an ordinary call's 15 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

export interface FirmwareUpload {
  folder: FirmwareFolderName;
  file: File;
  /** omitted: the server reads it from the file name */
  version?: string;
}

/** The file's bytes; through a FileReader where Blob.arrayBuffer is missing (Safari before 14). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The file's SHA-256 as 64 hex digits; null where the browser cannot hash (no Web Crypto: an insecure origin). */
export async function sha256Of(file: Blob): Promise<string | null> {
  try {
    const subtle = globalThis.crypto?.subtle;
    if (!subtle) return null;
    const digest = await subtle.digest('SHA-256', new Uint8Array(await bytesOf(file)));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/**
 * POST /api/storage/firmware (multipart): the text fields go before the file, as the server reads them in
 * order; the checksum lets the server refuse an image damaged on the way. 201 the stored image; 400 a refused
 * file, 409 a name already in the folder.
 */
export async function uploadFirmware({ folder, file, version }: FirmwareUpload): Promise<FirmwareFileView> {
  const form = new FormData();
  form.append('folder', folder);
  if (version) form.append('version', version);
  const sha256 = await sha256Of(file);
  if (sha256) form.append('sha256', sha256);
  form.append('file', file, file.name);
  return firmwareFileView.parse(
    await apiRequest('/storage/firmware', {
      method: 'POST',
      body: form,
      auth: 'user',
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }),
  );
}

export const useUploadFirmware = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareFilesQueryKey }),
  });
};
