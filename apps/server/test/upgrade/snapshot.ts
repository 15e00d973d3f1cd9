import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';

type Row = Record<string, unknown>;
/** Every row of every table in `public`, by table, each row keyed by its primary key. */
export type Snapshot = Map<string, Map<string, Row>>;

/** Reads the whole schema as JSON values (what a column holds, independent of how a driver parses it). */
export async function snapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    // A partitioned table (positions, migration 0015) is read through its parent, its partitions not on their
    // own; its rows keep the identity they had: PostgreSQL makes the partition key part of the primary key.
    const { rows: tables } = await client.query<{ name: string; key: string[] | null }>(
      `select c.relname as name,
              (select array_agg(a.attname::text order by a.attnum) from pg_index i
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                where i.indrelid = c.oid and i.indisprimary
                  and not a.attnum = any(coalesce(
                    (select p.partattrs::int2[] from pg_partitioned_table p where p.partrelid = c.oid), '{}'))) as key
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
    );
    const result: Snapshot = new Map();
    for (const table of tables) {
      const { rows } = await client.query<{ row: Row }>(
        `select to_jsonb(t) as row from public.${client.escapeIdentifier(table.name)} t`,
      );
      // A table without a primary key is keyed by its whole row.
      const keyOf = (row: Row) => JSON.stringify(table.key ? table.key.map((column) => row[column]) : row);
      result.set(table.name, new Map(rows.map(({ row }) => [keyOf(row), row])));
    }
    return result;
  } finally {
    await client.end();
  }
}

/**
 * What became of the `before` rows in `after`: every table, every row (by primary key) and every column
 * value must still be there. New tables, new columns and new rows are the new release's business. A
 * migration that changes data on purpose lists the `table.column` it rewrites in `deliberate`.
 */
/**
 * `data` with `columns` of `table` removed from its rows, which are then keyed by their whole row, as `snapshot`
 * keys a table without a primary key: rows read before a migration that drops those columns and the table's
 * key, made comparable with the rows read after it.
 */
export function withoutColumns(data: Snapshot, table: string, columns: readonly string[]): Snapshot {
  const rows = data.get(table);
  if (!rows) return data;
  const kept = [...rows.values()].map((row) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column))),
  );
  return new Map([...data, [table, new Map(kept.map((row) => [JSON.stringify(row), row]))]]);
}

export function lostData(before: Snapshot, after: Snapshot, deliberate: ReadonlySet<string>): string[] {
  // Grouped by what was lost (a table's rows, a column), with a few of the rows it hit.
  const lost = new Map<string, string[]>();
  const note = (what: string, example = '') => lost.set(what, [...(lost.get(what) ?? []), example]);
  for (const [table, rows] of before) {
    const now = after.get(table);
    if (!now) {
      if (rows.size > 0) note(`${table}: table gone with its ${rows.size} rows`);
      continue;
    }
    for (const [key, row] of rows) {
      const kept = now.get(key);
      if (!kept) {
        note(`${table}: rows gone`, key);
        continue;
      }
      for (const [column, value] of Object.entries(row)) {
        if (deliberate.has(`${table}.${column}`)) continue;
        if (!(column in kept)) note(`${table}.${column}: column gone`);
        else if (!isDeepStrictEqual(kept[column], value))
          note(
            `${table}.${column}: values changed`,
            `${key} ${JSON.stringify(value)} → ${JSON.stringify(kept[column])}`,
          );
      }
    }
  }
  return [...lost].map(([what, examples]) => {
    const shown = examples.filter(Boolean);
    return shown.length === 0 ? what : `${what} (${shown.length}, e.g. ${shown.slice(0, 2).join('; ')})`;
  });
}

/** Every sequence behind a column (serial/identity) must be past that column's highest value. */
export async function sequencesBehind(url: string): Promise<string[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
      `select c.relname as table, a.attname as column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as sequence
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r'
          and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
    );
    const behind: string[] = [];
    for (const { table, column, sequence } of rows) {
      const {
        rows: [state],
      } = await client.query<{ max: string | null; last: string; called: boolean }>(
        `select (select max(${client.escapeIdentifier(column)})::text from public.${client.escapeIdentifier(table)}) as max,
                last_value::text as last, is_called as called from ${sequence}`,
      );
      if (state?.max == null) continue;
      const next = BigInt(state.last) + (state.called ? 1n : 0n);
      if (next <= BigInt(state.max))
        behind.push(`${sequence}: next ${next}, but ${table}.${column} holds ${state.max}`);
    }
    return behind;
  } finally {
    await client.end();
  }
}
