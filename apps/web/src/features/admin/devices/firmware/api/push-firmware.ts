import { pushFirmwareResult, type PushFirmwareResult } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';

/**
 * POST /api/admin/devices/firmware {ids, fileId}: each online cart gets the order and shows firmwareStatus 1;
 * the answer counts them and lists the skipped carts with their reason. The progress itself arrives on the
 * page's live rows (`device:updates`).
 */
export async function pushFirmware(body: { ids: string[]; fileId: string }): Promise<PushFirmwareResult> {
  return pushFirmwareResult.parse(await apiRequest('/admin/devices/firmware', { method: 'POST', body }));
}

export const usePushFirmware = () => useMutation({ mutationFn: pushFirmware });
