import { commandOutcome, type CommandOutcome } from '@fairway/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/dashboard/devices/{id}/unlock. Like lock, it answers with the command as it ended. The body is
 * empty: the server records the signed-in operator as the one who unlocked.
 */
export async function unlockDevice(deviceId: string): Promise<CommandOutcome> {
  return commandOutcome.parse(
    await apiRequest(`/dashboard/devices/${encodeURIComponent(deviceId)}/unlock`, {
      method: 'POST',
      body: {},
    }),
  );
}
