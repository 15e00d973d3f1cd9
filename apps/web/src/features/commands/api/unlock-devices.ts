import { bulkCommandResult, type BulkCommandResult } from '@fairway/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/dashboard/devices/unlock: sends unlock to the carts the §4 rules allow, names the skipped ones. */
export async function unlockDevices(ids: readonly string[]): Promise<BulkCommandResult> {
  return bulkCommandResult.parse(
    await apiRequest('/dashboard/devices/unlock', { method: 'POST', body: { ids } }),
  );
}
