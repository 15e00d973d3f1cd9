import { bulkCommandResult, type BulkCommandResult } from '@fairway/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/dashboard/devices/ping {ids, command}: offline carts are skipped and named in the answer. */
export async function pingDevices(ids: readonly string[], command: number): Promise<BulkCommandResult> {
  return bulkCommandResult.parse(
    await apiRequest('/dashboard/devices/ping', { method: 'POST', body: { ids, command } }),
  );
}
