import { cartView, type CartView, type DevicesBulkPatchBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { realtimeStore } from '../../realtime';

/** PATCH /api/dashboard/devices {ids, updateData}: key/keyless mode, service state, vehicle info in bulk. */
export async function updateDevices(body: DevicesBulkPatchBody): Promise<CartView[]> {
  return z.array(cartView).parse(await apiRequest('/dashboard/devices', { method: 'PATCH', body }));
}

/** The saved carts replace their live copies at once (as with a single update). */
export const useUpdateDevices = () =>
  useMutation({
    mutationFn: updateDevices,
    onSuccess: (carts) => {
      for (const cart of carts) realtimeStore.applyDeviceUpdate(cart);
    },
  });
