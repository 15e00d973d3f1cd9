import { adminDeviceView, type AdminDeviceView } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

const found = z.array(adminDeviceView);

/**
 * GET /api/admin/devices/find?serial=: the trackers whose serial matches (the server ignores dashes, spaces,
 * underscores and case); 404 'No devices found' when none does.
 */
export async function findDevices(serial: string): Promise<AdminDeviceView[]> {
  return found.parse(await apiRequest('/admin/devices/find', { query: { serial } }));
}

export const useFindDevices = () => useMutation({ mutationFn: findDevices });
