import { commandOutcome, type CommandOutcome } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** The server answers once the tracker acknowledged, or its command window closed. */
const PING_TIMEOUT_MS = 30_000;

/** POST /api/admin/devices/{id}/ping {command}: one tracker, any code (row action "Sound device" is 8). */
export async function pingDevice(deviceId: string, command: number): Promise<CommandOutcome> {
  return commandOutcome.parse(
    await apiRequest(`/admin/devices/${encodeURIComponent(deviceId)}/ping`, {
      method: 'POST',
      body: { command },
      timeoutMs: PING_TIMEOUT_MS,
    }),
  );
}

export const usePingDevice = () =>
  useMutation({
    mutationFn: ({ deviceId, command }: { deviceId: string; command: number }) =>
      pingDevice(deviceId, command),
  });
