import { commandOutcome, type CommandOutcome } from '@fairway/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/dashboard/devices/{id}/lock. The server answers once the cart acknowledged, or when the §4
 * lock-poll window closed without an answer (then the command comes back failed or expired).
 */
export async function lockDevice(deviceId: string): Promise<CommandOutcome> {
  return commandOutcome.parse(
    await apiRequest(`/dashboard/devices/${encodeURIComponent(deviceId)}/lock`, { method: 'POST' }),
  );
}
