import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { CommandState } from '@fairway/domain';
import type { Db } from '../../db/client';
import type { DeviceRow } from '../devices/devices.presenter';
import { devices } from '../devices/devices.table';
import type { CommandRow } from './commands.presenter';
import { deviceCommands } from './commands.table';

export type NewCommand = typeof deviceCommands.$inferInsert;

/** Error text of a command the cart never answered; a late acknowledgement may still correct it. */
export const NO_ANSWER = 'No answer from the cart';

const withoutLockMarker = sql`array_remove(${devices.updates}, 'lock')`;

export class CommandsRepository {
  constructor(private readonly db: Db) {}

  /** Stores a queued command; a lock or unlock also marks the cart's pending update 'lock'. */
  async insert(values: NewCommand): Promise<CommandRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(deviceCommands).values(values).returning();
      if (values.name !== 'ping') {
        await tx
          .update(devices)
          .set({
            updates: sql`array(select distinct unnest(${devices.updates} || '{lock}'::text[]) order by 1)`,
          })
          .where(eq(devices.id, values.deviceId));
      }
      return row!;
    });
  }

  async markSent(id: string): Promise<CommandRow | null> {
    const [row] = await this.db
      .update(deviceCommands)
      .set({ state: 'sent', sentAt: sql`now()` })
      .where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, 'queued')))
      .returning();
    return row ?? null;
  }

  find(id: string): Promise<CommandRow | undefined> {
    return this.db.query.deviceCommands.findFirst({ where: eq(deviceCommands.id, id) });
  }

  listForDevice(deviceId: string, limit: number): Promise<CommandRow[]> {
    return this.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, deviceId))
      .orderBy(desc(deviceCommands.issuedAt))
      .limit(limit);
  }

  /**
   * Ends a command once. An open command takes any final state; one that was given up for lack of an answer
   * may still be acknowledged by a late answer, because the cart did act on it. The cart's 'lock' marker
   * goes with it, and an acknowledged lock or unlock sets the cart's lock state at once, without waiting
   * for its next report. Returns the command and, when it changed, the cart.
   */
  async finish(
    id: string,
    deviceId: string,
    outcome: {
      state: Exclude<CommandState, 'queued' | 'sent'>;
      error?: string | null;
      result?: Record<string, unknown> | null;
    },
  ): Promise<{ command: CommandRow; device: DeviceRow | null } | null> {
    return this.db.transaction(async (tx) => {
      const reopenable = and(eq(deviceCommands.state, 'failed'), eq(deviceCommands.error, NO_ANSWER));
      const [command] = await tx
        .update(deviceCommands)
        .set({
          state: outcome.state,
          error: outcome.error ?? null,
          result: outcome.result ?? null,
          finishedAt: sql`now()`,
          ...(outcome.state === 'acknowledged' ? { ackedAt: sql`now()` } : {}),
        })
        .where(
          and(
            eq(deviceCommands.id, id),
            eq(deviceCommands.deviceId, deviceId),
            outcome.state === 'acknowledged'
              ? or(isNull(deviceCommands.finishedAt), reopenable)
              : isNull(deviceCommands.finishedAt),
          ),
        )
        .returning();
      if (!command) return null;
      if (command.name === 'ping') return { command, device: null };
      const lockStatus = command.name === 'lock' ? 1 : 0;
      const [device] = await tx
        .update(devices)
        .set(
          outcome.state === 'acknowledged'
            ? {
                updates: withoutLockMarker,
                lockStatus,
                lockUpdatedAt: sql`case when ${devices.lockStatus} = ${lockStatus} then ${devices.lockUpdatedAt} else now() end`,
              }
            : { updates: withoutLockMarker },
        )
        .where(eq(devices.id, deviceId))
        .returning();
      return { command, device: device ?? null };
    });
  }

  /** Open commands whose deadline (plus `graceMs`) has passed: their instance gave up or went away. */
  overdue(graceMs: number, limit = 500): Promise<CommandRow[]> {
    return this.db
      .select()
      .from(deviceCommands)
      .where(
        and(
          isNull(deviceCommands.finishedAt),
          lt(deviceCommands.expiresAt, sql`now() - make_interval(secs => ${graceMs / 1000})`),
        ),
      )
      .limit(limit);
  }

  async deviceStates(ids: string[]): Promise<DeviceRow[]> {
    return ids.length === 0 ? [] : this.db.select().from(devices).where(inArray(devices.id, ids));
  }
}
