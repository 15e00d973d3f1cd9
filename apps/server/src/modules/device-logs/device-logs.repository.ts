import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DeviceLogType, SystemLogMessage } from '@fairway/domain';
import type { Db } from '../../db/client';
import { deviceLogs, deviceSystemLogs } from '../../db/tables/device-logs';
import { devices } from '../../db/tables/devices';

export type DeviceLogRow = typeof deviceLogs.$inferSelect;
export type SystemLogRow = Pick<typeof deviceSystemLogs.$inferSelect, 'id' | 'ts' | 'body'>;
export interface LogDay {
  /** YYYY-MM-DD, UTC */
  date: string;
  lines: number;
  /** bytes of the day's text file: each line is `<ISO time> <body>\n` */
  bytes: number;
}

/** Characters before a line's body in a log file: the ISO time (24) and a space; plus its newline. */
const LINE_OVERHEAD = 26;
const lineColumns = { id: deviceSystemLogs.id, ts: deviceSystemLogs.ts, body: deviceSystemLogs.body };

/**
 * The carts' answers to WiFi scans and log requests (issue 20; the commands repository stores them with the
 * command's acknowledgement), and the lines of the carts' own system logs.
 */
export class DeviceLogsRepository {
  constructor(private readonly db: Db) {}

  async device(id: string): Promise<{ id: string; serial: string } | null> {
    const [row] = await this.db
      .select({ id: devices.id, serial: devices.serial })
      .from(devices)
      .where(eq(devices.id, id));
    return row ?? null;
  }

  list(deviceId: string, type: DeviceLogType | undefined, limit: number): Promise<DeviceLogRow[]> {
    return this.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, deviceId), type ? eq(deviceLogs.type, type) : undefined))
      .orderBy(desc(deviceLogs.createdAt), desc(deviceLogs.id))
      .limit(limit);
  }

  async forCommand(commandId: string): Promise<DeviceLogRow | null> {
    const [row] = await this.db.select().from(deviceLogs).where(eq(deviceLogs.commandId, commandId)).limit(1);
    return row ?? null;
  }

  /**
   * Stores a batch of system log lines once: a batch the broker delivers again (QoS 1) finds its lines
   * stored and adds nothing. Lines of a device that no longer exists are skipped. Answers how many were new.
   */
  async storeSystemLines(deviceId: string, batch: SystemLogMessage): Promise<number> {
    const result = await this.db.execute(sql`
      INSERT INTO device_system_logs (device_id, batch_id, line, ts, body)
      SELECT ${deviceId}::uuid, ${batch.id}, l.n - 1, to_timestamp((l.line->>'ts')::float8 / 1000.0), l.line->>'body'
      FROM jsonb_array_elements(${JSON.stringify(batch.lines)}::jsonb) WITH ORDINALITY AS l(line, n)
      WHERE EXISTS (SELECT 1 FROM devices WHERE id = ${deviceId}::uuid)
      ON CONFLICT (device_id, batch_id, line) DO NOTHING`);
    return result.rowCount ?? 0;
  }

  /** Deletes at most `limit` lines received before `before`; answers how many went. */
  async pruneSystemLines(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      DELETE FROM device_system_logs WHERE id IN (
        SELECT id FROM device_system_logs WHERE received_at < ${before.toISOString()}::timestamptz LIMIT ${limit})`);
    return result.rowCount ?? 0;
  }

  /** Newest first (by id: the order lines were stored, which keyset paging needs to be stable). */
  systemPage(deviceId: string, before: number | undefined, limit: number): Promise<SystemLogRow[]> {
    return this.db
      .select(lineColumns)
      .from(deviceSystemLogs)
      .where(
        and(eq(deviceSystemLogs.deviceId, deviceId), before ? lt(deviceSystemLogs.id, before) : undefined),
      )
      .orderBy(desc(deviceSystemLogs.id))
      .limit(limit);
  }

  async systemCount(deviceId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(deviceSystemLogs)
      .where(eq(deviceSystemLogs.deviceId, deviceId));
    return row?.n ?? 0;
  }

  /** The days (UTC) that have lines, newest first, with their line count and file size. */
  async logDays(deviceId: string): Promise<LogDay[]> {
    const day = sql<string>`to_char(${deviceSystemLogs.ts} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({
        date: day,
        lines: count(),
        bytes: sql<string>`sum(octet_length(${deviceSystemLogs.body}) + ${LINE_OVERHEAD})`,
      })
      .from(deviceSystemLogs)
      .where(eq(deviceSystemLogs.deviceId, deviceId))
      .groupBy(day)
      .orderBy(desc(day));
    return rows.map((row) => ({ date: row.date, lines: row.lines, bytes: Number(row.bytes) }));
  }

  /** One UTC day's lines in the order they were stored, `limit` at a time after the line `afterId` (0: from the first). */
  dayPage(deviceId: string, date: string, afterId: number, limit: number): Promise<SystemLogRow[]> {
    const start = new Date(`${date}T00:00:00Z`);
    const end = new Date(start.getTime() + 86_400_000);
    return this.db
      .select(lineColumns)
      .from(deviceSystemLogs)
      .where(
        and(
          eq(deviceSystemLogs.deviceId, deviceId),
          gte(deviceSystemLogs.ts, start),
          lt(deviceSystemLogs.ts, end),
          sql`${deviceSystemLogs.id} > ${afterId}`,
        ),
      )
      .orderBy(deviceSystemLogs.id)
      .limit(limit);
  }
}
