import { bulkCommandResult, type BulkCommandResult } from '@fairway/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/dashboard/devices/lock: sends lock to the carts the §4 rules allow, names the skipped ones. */
export async function lockDevices(ids: readonly string[]): Promise<BulkCommandResult> {
  return bulkCommandResult.parse(
    await apiRequest('/dashboard/devices/lock', { method: 'POST', body: { ids } }),
  );
}
