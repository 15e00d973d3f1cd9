import { COMMAND_CODES, logRequestResult, wifiScanResult, type DeviceLogType } from '@fairway/domain';
import type { CommandRow } from '../../db/tables/commands';

/** Which pings answer something the side panel keeps, and the schema their `result` must parse with. */
const ANSWERS = {
  [COMMAND_CODES.wifiScan]: { type: 'wifi', schema: wifiScanResult },
  [COMMAND_CODES.requestLog]: { type: 'log', schema: logRequestResult },
} as const;

export type CommandAnswer =
  | { kind: 'log'; type: DeviceLogType; data: Record<string, unknown> }
  | { kind: 'unreadable'; type: DeviceLogType; issue: string };

/**
 * What an acknowledged command's `result` adds to the cart's device logs: a WiFi scan (ping 5) or a log
 * request (ping 6) whose result parses; 'unreadable' when it does not (the command stays acknowledged, the
 * cart did act on it); null for every other command.
 */
export function commandAnswer(command: CommandRow): CommandAnswer | null {
  if (command.name !== 'ping' || command.state !== 'acknowledged' || command.code === null) return null;
  const answer = ANSWERS[command.code as keyof typeof ANSWERS] as (typeof ANSWERS)[5] | (typeof ANSWERS)[6];
  if (!answer) return null;
  const parsed = answer.schema.safeParse(command.result ?? undefined);
  if (!parsed.success)
    return { kind: 'unreadable', type: answer.type, issue: parsed.error.issues[0]?.message ?? 'invalid' };
  return { kind: 'log', type: answer.type, data: parsed.data as Record<string, unknown> };
}
