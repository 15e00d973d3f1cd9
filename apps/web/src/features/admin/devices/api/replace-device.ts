import { replaceDeviceResult, type ReplaceDeviceBody } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import { adminDevicesQueryKey } from './get-admin-devices';

export type ReplaceDeviceResult = z.infer<typeof replaceDeviceResult>;

/**
 * POST /api/admin/devices/replace {oldDeviceId, newDeviceId, siteId}: the free tracker becomes the car (its
 * number, name, settings and history); the old one goes to staging.
 */
export async function replaceDevice(body: ReplaceDeviceBody): Promise<ReplaceDeviceResult> {
  return replaceDeviceResult.parse(
    await apiRequest('/admin/devices/replace', { method: 'POST', body, timeoutMs: 30_000 }),
  );
}

export function useReplaceDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDevicesQueryKey }),
  });
}
