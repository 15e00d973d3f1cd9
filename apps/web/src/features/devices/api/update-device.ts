import { cartView, type CartView, type DevicePatchBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { realtimeStore } from '../../realtime';

/**
 * PATCH /api/dashboard/devices/{id} {updateData, publish?}. Role user for the cart fields, basic for `key`
 * alone, admin for the Admin panel fields; 409 'Car number already exists.' on a duplicate number.
 */
export async function updateDevice(deviceId: string, body: DevicePatchBody): Promise<CartView> {
  return cartView.parse(
    await apiRequest(`/dashboard/devices/${encodeURIComponent(deviceId)}`, { method: 'PATCH', body }),
  );
}

/**
 * The answer is the cart as saved: it replaces the live copy at once, so the fleet shows the change
 * without waiting for the socket's echo. Errors are left to the caller, which knows the field concerned.
 */
export const useUpdateDevice = () =>
  useMutation({
    mutationFn: ({ deviceId, body }: { deviceId: string; body: DevicePatchBody }) =>
      updateDevice(deviceId, body),
    onSuccess: (cart) => realtimeStore.applyDeviceUpdate(cart),
  });
