import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { firmwareFilesQueryKey } from './get-firmware-files';

/** DELETE /api/storage/firmware/{id}: the image goes; carts' past updates keep their history. */
export async function deleteFirmware(fileId: string): Promise<void> {
  await apiRequest(`/storage/firmware/${encodeURIComponent(fileId)}`, { method: 'DELETE', auth: 'user' });
}

export const useDeleteFirmware = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareFilesQueryKey }),
  });
};
