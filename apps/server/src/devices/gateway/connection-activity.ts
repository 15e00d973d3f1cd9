import type pg from 'pg';
import type { DeviceRow } from '../../db/tables/devices';
import { connectionEntry, type NewActivity } from '../../db/activity-entries';

/*
 * Cart connects and disconnects in the activity log (docs/activity-log.md). A status message moves the
 * cart's connected_at or disconnected_at when it applies (device-state-sql.ts STATUS_FRESH); comparing the
 * two times before and after the flush's UPDATE, in the same transaction, finds exactly the transitions
 * that were stored. Only flushes that carry a status pay for it: telemetry alone never does.
 */

export interface ConnectionTimes {
  connectedAt: Date | null;
  disconnectedAt: Date | null;
}

const READ_TIMES = 'SELECT id, connected_at, disconnected_at FROM devices WHERE id = ANY($1::uuid[])';

/** The carts' connect and disconnect times before the flush (their rows are locked by then). */
export async function connectionTimes(
  client: pg.PoolClient,
  ids: string[],
): Promise<Map<string, ConnectionTimes>> {
  const result = await client.query<{ id: string; connected_at: Date | null; disconnected_at: Date | null }>({
    name: 'fairway-connection-times',
    text: READ_TIMES,
    values: [ids],
  });
  return new Map(
    result.rows.map((row) => [
      row.id,
      { connectedAt: row.connected_at, disconnectedAt: row.disconnected_at },
    ]),
  );
}

const later = (after: Date | null, before: Date | null | undefined) =>
  after !== null && (before == null || after.getTime() > before.getTime());

/** An entry for every cart whose connect or disconnect time the flush moved. */
export function connectionEntries(before: Map<string, ConnectionTimes>, rows: DeviceRow[]): NewActivity[] {
  const entries: NewActivity[] = [];
  for (const row of rows) {
    const was = before.get(row.id);
    if (!was) continue;
    const facts = {
      deviceId: row.id,
      siteId: row.siteId,
      csq: row.gprsSignal,
      wifiSignal: row.wifiSignal,
      conType: row.conType,
    };
    if (later(row.connectedAt, was.connectedAt))
      entries.push(connectionEntry({ ...facts, online: true, at: row.connectedAt! }));
    if (later(row.disconnectedAt, was.disconnectedAt))
      entries.push(connectionEntry({ ...facts, online: false, at: row.disconnectedAt! }));
  }
  return entries;
}

const INSERT_ENTRIES = `
INSERT INTO activity (device_id, site_id, type, message, data, created_at)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[])`;

export async function insertEntries(client: pg.PoolClient, entries: NewActivity[]): Promise<void> {
  if (entries.length === 0) return;
  await client.query({
    name: 'fairway-insert-connection-activity',
    text: INSERT_ENTRIES,
    values: [
      entries.map((entry) => entry.deviceId ?? null),
      entries.map((entry) => entry.siteId ?? null),
      entries.map((entry) => entry.type),
      entries.map((entry) => entry.message),
      entries.map((entry) => JSON.stringify(entry.data ?? {})),
      entries.map((entry) => entry.createdAt ?? new Date()),
    ],
  });
}
