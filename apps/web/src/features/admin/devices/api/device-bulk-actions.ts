import {
  adminBulkResult,
  bulkCommandResult,
  type AdminBulkResult,
  type BulkCommandResult,
  type HardwareInfo,
  type VehicleInfo,
} from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { adminDevicesQueryKey } from './get-admin-devices';

/** A bulk action on up to 5,000 trackers publishes to each: more time than an ordinary call. */
const BULK_TIMEOUT_MS = 60_000;
/** The most carts one command call takes (domain `bulkIds`). */
const PING_BATCH = 1_000;

/**
 * The Device Manager's bulk actions (spec §2 Bulk Actions, §5), each on the ticked trackers. All but the
 * commands answer `adminBulkResult` (how many took it, and who was skipped with a message to show); the
 * commands answer the commands sent and the skipped carts with a reason code.
 */
export type DeviceBulkAction =
  | { kind: 'ping'; command: number }
  | { kind: 'vehicleSettings'; vehicleInfo: VehicleInfo }
  | { kind: 'hardwareInfo'; hardwareInfo: HardwareInfo }
  | { kind: 'server'; server: 'prod' | 'beta' }
  | { kind: 'calibrateBattery'; value: number }
  | { kind: 'publish'; what: 'site' | 'device' }
  | { kind: 'delete' }
  | { kind: 'moveSite'; siteId: string };

export type DeviceBulkAnswer =
  { kind: 'commands'; result: BulkCommandResult } | { kind: 'devices'; result: AdminBulkResult };

function request(action: DeviceBulkAction, ids: readonly string[]) {
  const post = (path: string, body: object, method: 'POST' | 'PATCH' | 'DELETE' = 'POST') =>
    apiRequest(`/admin/devices${path}`, { method, body: { ids, ...body }, timeoutMs: BULK_TIMEOUT_MS });
  switch (action.kind) {
    case 'ping':
      return post('/ping', { command: action.command });
    case 'vehicleSettings':
      return post('/vehicle-settings', { vehicleInfo: action.vehicleInfo }, 'PATCH');
    case 'hardwareInfo':
      return post('/hardware-info', { hardwareInfo: action.hardwareInfo }, 'PATCH');
    case 'server':
      return post('/server', { server: action.server }, 'PATCH');
    case 'calibrateBattery':
      return post('/calibrate-battery', { value: action.value });
    case 'publish':
      return post('/publish', { what: action.what });
    case 'delete':
      return post('', {}, 'DELETE');
    case 'moveSite':
      return post('/site', { siteId: action.siteId }, 'PATCH');
  }
}

export async function runDeviceBulkAction(
  action: DeviceBulkAction,
  ids: readonly string[],
): Promise<DeviceBulkAnswer> {
  if (action.kind !== 'ping')
    return { kind: 'devices', result: adminBulkResult.parse(await request(action, ids)) };
  // A command call takes at most PING_BATCH carts (a selection of 'All' can be 5,000): one call per batch.
  const result: BulkCommandResult = { commands: [], skipped: [] };
  for (let start = 0; start < ids.length; start += PING_BATCH) {
    const part = bulkCommandResult.parse(await request(action, ids.slice(start, start + PING_BATCH)));
    result.commands.push(...part.commands);
    result.skipped.push(...part.skipped);
  }
  return { kind: 'commands', result };
}

/** Runs a bulk action and reloads the Device Manager's lists (a deleted or moved tracker leaves the page). */
export function useDeviceBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: DeviceBulkAction; ids: readonly string[] }) =>
      runDeviceBulkAction(action, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDevicesQueryKey }),
  });
}
