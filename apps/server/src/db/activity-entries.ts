import type { ActivityType } from '@fairway/domain';
import type { activity } from './tables/activity';

/*
 * Rows of the activity table, built from plain facts. Below the modules because both the device gateway
 * (connects and disconnects) and the commands module write them.
 */

/** A row for the device activity log (docs/activity-log.md lists every type with its data). */
export type NewActivity = typeof activity.$inferInsert & { type: ActivityType };

export type CommandEvent = 'sent' | 'acknowledged' | 'failed' | 'expired';

/** What a command entry is made of: a stored command (modules/commands), as plain fields. */
export interface CommandFacts {
  id: string;
  deviceId: string;
  siteId: string;
  name: 'lock' | 'unlock' | 'ping' | 'firmware';
  code: number | null;
  source: string;
  error: string | null;
}

const COMMAND_NAMES: Record<CommandFacts['name'], string> = {
  lock: 'Lock',
  unlock: 'Unlock',
  ping: 'Ping',
  firmware: 'Firmware update',
};
const COMMAND_TYPES = {
  sent: 'command_sent',
  acknowledged: 'command_acknowledged',
  failed: 'command_failed',
  expired: 'command_expired',
} as const satisfies Record<CommandEvent, ActivityType>;

/** "Unlock sent", "Ping 3 acknowledged", "Lock failed: No answer from the cart". */
export function commandEntry(command: CommandFacts, event: CommandEvent): NewActivity {
  const name = command.name === 'ping' ? `Ping ${command.code ?? ''}`.trim() : COMMAND_NAMES[command.name];
  const why = (event === 'failed' || event === 'expired') && command.error ? `: ${command.error}` : '';
  return {
    deviceId: command.deviceId,
    siteId: command.siteId,
    type: COMMAND_TYPES[event],
    message: `${name} ${event}${why}`,
    data: {
      commandId: command.id,
      name: command.name,
      code: command.code,
      source: command.source,
      ...(event === 'failed' || event === 'expired' ? { error: command.error } : {}),
    },
  };
}

/** What a connection entry is made of: the cart's row as the status message left it. */
export interface ConnectionFacts {
  deviceId: string;
  siteId: string;
  online: boolean;
  at: Date;
  csq: number | null;
  wifiSignal: number | null;
  conType: string | null;
}

/** "Cart connected" / "Cart disconnected", with the signal the cart last reported (spec §3 Activity entry). */
export function connectionEntry(facts: ConnectionFacts): NewActivity {
  return {
    deviceId: facts.deviceId,
    siteId: facts.siteId,
    type: facts.online ? 'device_connected' : 'device_disconnected',
    message: facts.online ? 'Cart connected' : 'Cart disconnected',
    data: { csq: facts.csq, wifiSignal: facts.wifiSignal, conType: facts.conType },
    createdAt: facts.at,
  };
}
