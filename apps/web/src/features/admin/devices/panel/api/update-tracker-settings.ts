import { cartView, type CartView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../../lib/api-client';

export interface TrackerSettings {
  trackerMode?: CartView['trackerMode'];
  server?: CartView['server'];
}

const updatedAnswer = z.array(cartView);

/**
 * The cart's own settings from the side panel: PATCH /api/admin/devices ({ ids, updateData }) stores them;
 * that call does not publish, so POST /api/admin/devices/publish ('device') then sends the device settings to
 * the cart (as the Bulk Actions' "Publish Device Settings" does).
 */
export async function updateTrackerSettings(deviceId: string, settings: TrackerSettings): Promise<CartView> {
  const [device] = updatedAnswer.parse(
    await apiRequest('/admin/devices', { method: 'PATCH', body: { ids: [deviceId], updateData: settings } }),
  );
  await apiRequest('/admin/devices/publish', {
    method: 'POST',
    body: { ids: [deviceId], what: 'device' },
  });
  if (!device) throw new Error('The server did not answer the device');
  return device;
}

export const useUpdateTrackerSettings = (deviceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TrackerSettings) => updateTrackerSettings(deviceId, settings),
    // The Device Manager's list (and whatever else reads admin devices) shows the new values.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'devices'] }),
  });
};
