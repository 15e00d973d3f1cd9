import fs from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS_DIR } from '../lib/locations';

/**
 * Online backups without client binaries (issue 22 item 5): `pg_dump` must match or exceed the server's
 * major version, and the embedded server (PostgreSQL 18) ships none. The archive is gzip'd text: one JSON
 * header line, then each table's `COPY … TO STDOUT` text ending with `\.`, in foreign-key order so a
 * restore can stream it straight back.
 */
export const FORMAT = 'fairway-backup/1';
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
const PROGRESS_EVERY = 100_000;

export interface TableEntry {
  name: string;
  columns: string[];
  rows: number;
}
/** A partition (its rows go with its parent's COPY) and its bounds, as `pg_get_expr` prints them. */
export interface PartitionEntry {
  name: string;
  parent: string;
  bound: string;
}
export interface BackupHeader {
  format: string;
  createdAt: string;
  migrations: { count: number; lastHash: string | null };
  tables: TableEntry[];
  /**
   * The partitions (`positions` by month, migration 0015) to make again before the rows come back, so each
   * row lands in its month rather than in the default partition. Absent in archives from before 0015.
   */
  partitions?: PartitionEntry[];
}
type Log = (message: string) => void;

/** A table's name (`schema.table` or `table`) quoted for SQL. */
export const ident = (name: string) =>
  name
    .split('.')
    .map((part) => pg.escapeIdentifier(part))
    .join('.');

/** `public`'s tables (a partition goes with its parent) and drizzle's, parents before their children. */
/**
 * Tables that triggers keep from other tables (the admin dashboard's rollups of bookings and payments,
 * migration 0014). They are left out: loading `bookings` and `payments` fires the triggers, which rebuild
 * them exactly, whereas copying them too would count every booking and payment twice.
 */
const DERIVED_TABLES = new Set([
  'public.dashboard_booking_hours',
  'public.dashboard_booking_days',
  'public.dashboard_payment_hours',
  'public.dashboard_payment_days',
]);

async function tablesInLoadOrder(client: pg.ClientBase): Promise<Array<Omit<TableEntry, 'rows'>>> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(`
    select format('%s.%s', n.nspname, c.relname) as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p') and not c.relispartition
       and (n.nspname = 'public' or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'))
     group by 1 order by 1`);
  const { rows: references } = await client.query<{ child: string; parent: string }>(`
    select format('%s.%s', cn.nspname, c.relname) as child, format('%s.%s', pn.nspname, p.relname) as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`);
  const ordered: typeof tables = [];
  const placed = new Set<string>();
  let pending = tables.filter(({ name }) => !DERIVED_TABLES.has(name));
  while (pending.length > 0) {
    const ready = pending.filter(({ name }) =>
      references.every(({ child, parent }) => child !== name || placed.has(parent) || parent === name),
    );
    // A cycle of foreign keys would need deferred constraints; the schema has none, so say so plainly.
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${pending.map((t) => t.name)}`);
    for (const table of ready) placed.add(table.name);
    ordered.push(...ready);
    pending = pending.filter(({ name }) => !placed.has(name));
  }
  return ordered;
}

/** `public`'s partitions: a restore makes them before it loads their parents. */
async function partitionsOf(client: pg.ClientBase): Promise<PartitionEntry[]> {
  const { rows } = await client.query<PartitionEntry>(`
    select format('%s.%s', n.nspname, c.relname) as name, format('%s.%s', pn.nspname, p.relname) as parent,
           pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_class p on p.oid = i.inhparent join pg_namespace pn on pn.oid = p.relnamespace
     where c.relispartition and c.relkind in ('r', 'p') and n.nspname = 'public'
     order by 1`);
  return rows;
}

/** A range bound of one column, or the default partition: nothing else is written into the SQL. */
const PARTITION_BOUND = /^(DEFAULT|FOR VALUES FROM \('[^'\\]*'\) TO \('[^'\\]*'\))$/;

/**
 * The rows of one table's COPY, from the archive's lines up to the table's end marker (`\.`), in chunks of
 * a thousand lines. An archive that ends first is truncated: the error fails the COPY (CopyFail), and the
 * restore's transaction rolls back.
 */
async function* tableRows(source: AsyncIterator<string>): AsyncGenerator<string> {
  let batch: string[] = [];
  for (let next = await source.next(); ; next = await source.next()) {
    if (next.done) throw new Error('the archive ends inside a table: it is truncated');
    if (next.value === '\\.') break;
    batch.push(next.value);
    if (batch.length === 1000) {
      yield batch.join('\n') + '\n';
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join('\n') + '\n';
}

/** Counts the rows in a chunk of COPY text (one line each) for the progress lines. */
const rowsIn = (chunk: Buffer): number => {
  let rows = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  return rows;
};

/** One consistent snapshot of the database at `url`, written to `file` (and `DATA_DIR/files` beside it). */
export async function backup(url: string, file: string, filesDir: string | null, log: Log = () => {}) {
  const client = new pg.Client(url);
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, fs.createWriteStream(file));
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    const tables: TableEntry[] = [];
    for (const table of await tablesInLoadOrder(client)) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${ident(table.name)}`);
      tables.push({ ...table, rows: Number(rows[0]!.n) });
    }
    const { rows: applied } = await client.query<{ hash: string }>(
      `select hash from ${MIGRATIONS_TABLE} order by created_at, id`,
    );
    const header: BackupHeader = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      migrations: { count: applied.length, lastHash: applied.at(-1)?.hash ?? null },
      tables,
      partitions: await partitionsOf(client),
    };
    gzip.write(JSON.stringify(header) + '\n');
    for (const table of tables) {
      let copied = 0;
      let reported = 0;
      const columns = table.columns.map(ident).join(', ');
      const rows = client.query(copyTo(`copy (select ${columns} from ${ident(table.name)}) to stdout`));
      for await (const chunk of rows as AsyncIterable<Buffer>) {
        copied += rowsIn(chunk);
        if (copied - reported >= PROGRESS_EVERY) log(`${table.name}: ${(reported = copied)} rows`);
        // The database may send faster than the disk takes: wait for gzip (the socket waits meanwhile).
        if (!gzip.write(chunk)) await once(gzip, 'drain');
      }
      gzip.write('\\.\n');
      if (table.rows >= PROGRESS_EVERY) log(`${table.name}: ${table.rows} rows`);
    }
    await client.query('commit');
    gzip.end();
    await written;
    if (filesDir && fs.existsSync(filesDir)) fs.cpSync(filesDir, `${file}.files`, { recursive: true });
    return header;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(file, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** The archive's header, if this code can restore it: its migrations must all be this code's. */
function checkHeader(first: IteratorResult<string>, file: string): BackupHeader {
  let header: BackupHeader | null = null;
  try {
    header = first.done ? null : (JSON.parse(first.value) as BackupHeader);
  } catch {
    // not JSON: not an archive of ours, said below
  }
  if (header?.format !== FORMAT) throw new Error(`${file} is not a Fairway backup (${FORMAT})`);
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const { count, lastHash } = header.migrations;
  if (count > migrations.length)
    throw new Error(
      `the backup has ${count} migrations, this code only ${migrations.length}: restore it with a newer release`,
    );
  if (count > 0 && migrations[count - 1]!.hash !== lastHash)
    throw new Error(`the backup's migration ${count} differs from this code's: it is from another branch`);
  return header;
}

async function* lines(stream: NodeJS.ReadableStream): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of stream as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

/**
 * Restores `file` into the EMPTY database at `url` in one transaction: this code's migrations up to the
 * backup's, then every table's rows, then every sequence past its column's largest value. Anything wrong
 * (a truncated archive, a row that does not fit) rolls all of it back.
 */
export async function restore(url: string, file: string, filesDir: string | null, log: Log = () => {}) {
  const input = fs.createReadStream(file).pipe(createGunzip());
  input.setEncoding('utf8');
  const source = lines(input);
  let header: BackupHeader;
  try {
    header = checkHeader(await source.next(), file);
  } catch (error) {
    input.destroy();
    throw error;
  }
  const count = header.migrations.count;
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });

  const client = new pg.Client(url);
  try {
    await client.connect();
    const { rows: existing } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname in ('public', 'drizzle')`,
    );
    if (Number(existing[0]!.n) > 0)
      throw new Error(
        `refusing to restore: the database ${client.database} is not empty (${existing[0]!.n} tables, views or ` +
          'sequences in public/drizzle). Restore into a newly created database.',
      );
    await client.query('begin');
    // drizzle's migrator commits on its own; these are its statements, run inside this transaction.
    await client.query(`create schema if not exists drizzle;
      create table ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`);
    for (const migration of migrations.slice(0, count))
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    const tables = await tablesInLoadOrder(client);
    const expected = tables.map((t) => t.name).join();
    if (header.tables.map((t) => t.name).join() !== expected)
      throw new Error('the backup holds other tables than its migrations create: the archive is damaged');
    // The migrations made the months around today; the archive's rows may reach back further.
    for (const { name, parent, bound } of header.partitions ?? []) {
      if (!PARTITION_BOUND.test(bound)) throw new Error(`${name}: unexpected partition bound ${bound}`);
      await client.query(`create table if not exists ${ident(name)} partition of ${ident(parent)} ${bound}`);
    }
    for (const table of header.tables) {
      const columns = table.columns.map(ident).join(', ');
      const ingest = client.query(copyFrom(`copy ${ident(table.name)} (${columns}) from stdin`));
      await pipeline(Readable.from(tableRows(source)), ingest);
      const rows = ingest.rowCount;
      if (rows !== table.rows)
        throw new Error(`${table.name}: ${rows} rows in the archive, its header says ${table.rows}`);
      if (rows >= PROGRESS_EVERY) log(`${table.name}: ${rows} rows`);
    }
    await client.query(`
      do $$ declare s record; begin
        for s in select n.nspname, c.relname, a.attname, pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as seq
                   from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p') and a.attnum > 0
                    and not a.attisdropped
                    and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null
        loop
          execute format('select setval(%L, coalesce(max(%I), 1), max(%I) is not null) from %I.%I',
                         s.seq, s.attname, s.attname, s.nspname, s.relname);
        end loop;
      end $$`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
    input.destroy();
  }
  if (filesDir && fs.existsSync(`${file}.files`))
    fs.cpSync(`${file}.files`, filesDir, { recursive: true, force: false });
  return header;
}
