import { commandOutcome, type CommandOutcome } from '@fairway/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * How long the browser waits for a ping's answer. The server waits up to 20 s for the cart (a WiFi scan
 * listens for a while), longer than the app's usual 15 s request timeout.
 */
const PING_ANSWER_TIMEOUT_MS = 25_000;

/** POST /api/dashboard/devices/{id}/ping {command}: one of the §7 codes (reboot, sound, …) to one cart. */
export async function pingDevice(deviceId: string, command: number): Promise<CommandOutcome> {
  return commandOutcome.parse(
    await apiRequest(`/dashboard/devices/${encodeURIComponent(deviceId)}/ping`, {
      method: 'POST',
      body: { command },
      timeoutMs: PING_ANSWER_TIMEOUT_MS,
    }),
  );
}
