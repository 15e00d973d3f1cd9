import type pg from 'pg';
import type { Logger } from 'pino';
import type { RollupRepository } from './rollup.repository';

/** One month's partition of `positions`: reports with `from <= ts < to` (UTC month bounds). */
export interface MonthPartition {
  name: string;
  from: Date;
  to: Date;
}

/** What one maintenance run did. */
export interface PartitionMaintenance {
  /** partitions made for months ahead (or a past month a late report needed) */
  created: string[];
  /** partitions past the retention, dropped */
  dropped: string[];
  /** partitions past the retention kept for now: the history roll-up has not covered their days yet */
  postponed: string[];
  /** reports of a wrong tracker clock past the retention, deleted from the default partition */
  purged: number;
}

export interface PositionsPartitionOptions {
  /**
   * Whole months kept before the current one (POSITIONS_RETENTION_MONTHS); older partitions are dropped.
   * 0 keeps every month.
   */
  retentionMonths: number;
  /** Months made ahead of the current one, so the writer never meets a month without its partition. */
  aheadMonths?: number;
  /**
   * How long a partition's DDL waits for the table's lock. Creating or dropping a partition locks
   * `positions` exclusively for an instant; while it waits for a long read, the writer's inserts queue
   * behind it, so it gives up soon and the job tries again later.
   */
  lockTimeoutMs?: number;
}

/** Arbitrary constant: the advisory lock that serialises partition DDL across instances and runs. */
const PARTITIONS_LOCK = 7_421_004;
const MONTHLY = /^positions_(\d{4})_(\d{2})$/;

/** The first instant of the UTC month `months` months after the one `at` is in. */
export const monthStart = (at: Date, months = 0): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));

const partitionOf = (from: Date): MonthPartition => {
  const month = String(from.getUTCMonth() + 1).padStart(2, '0');
  return { name: `positions_${from.getUTCFullYear()}_${month}`, from, to: monthStart(from, 1) };
};

/** A partition bound literal; the SQL is ours (from Date), never a caller's text. */
const bound = (at: Date) => `'${at.toISOString().slice(0, 10)} 00:00:00+00'`;

/**
 * Keeps `positions` (partitioned by UTC month in migration 0015) ready and within its retention: makes the
 * months ahead, and drops whole months past the retention, which costs nothing like a DELETE of millions of
 * rows. A month is dropped only once the history roll-up has covered its days, so the ride-history map
 * answers as before from `trail_*`/`heat_*`; what is gone is the raw reports (a ride's own trail, battery
 * charts, usage distances of those months). Every step is its own short transaction under an advisory lock,
 * with IF [NOT] EXISTS, so runs on several instances or again after a crash change nothing twice.
 */
export class PositionsPartitions {
  private readonly aheadMonths: number;
  private readonly lockTimeoutMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly rollups: Pick<RollupRepository, 'pendingDays'>,
    private readonly log: Logger,
    private readonly options: PositionsPartitionOptions,
  ) {
    this.aheadMonths = options.aheadMonths ?? 3;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 3_000;
  }

  /** The monthly partitions that exist, oldest first. */
  async list(): Promise<MonthPartition[]> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'public.positions'::regclass`,
    );
    return rows
      .map(({ name }) => MONTHLY.exec(name))
      .filter((match) => match !== null)
      .map((match) => partitionOf(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))))
      .sort((a, b) => a.from.getTime() - b.from.getTime());
  }

  /** Makes the partition of every month from the one `from` is in to the one `to` is in; returns those made. */
  async ensure(from: Date, to: Date): Promise<string[]> {
    const created: string[] = [];
    for (let month = monthStart(from); month <= to; month = monthStart(month, 1)) {
      if (await this.create(partitionOf(month))) created.push(partitionOf(month).name);
    }
    return created;
  }

  /** The daily job: the months from the retention's start to `aheadMonths` ahead exist, older ones go. */
  async maintain(now: Date): Promise<PartitionMaintenance> {
    const { retentionMonths } = this.options;
    // Kept: the current month and the retention's whole months before it (at least that long, at most a month more).
    const cutoff = retentionMonths > 0 ? monthStart(now, -retentionMonths) : null;
    // Without a retention, last month too: a cart that was away sends what it stored when it is back.
    const created = await this.ensure(cutoff ?? monthStart(now, -1), monthStart(now, this.aheadMonths));
    const result: PartitionMaintenance = { created, dropped: [], postponed: [], purged: 0 };
    if (!cutoff) return result;

    // Ended days the roll-up has not reached (it runs every 15 minutes; this one after an outage of it).
    const pending = await this.rollups.pendingDays(now, 0);
    // A loop, not Math.min(...): hundreds of clubs × two years of days are too many arguments for a call.
    const rolledUpUntil = pending.reduce((min, day) => Math.min(min, day.from.getTime()), Infinity);
    for (const partition of await this.list()) {
      if (partition.to > cutoff) break;
      if (partition.to.getTime() > rolledUpUntil) {
        result.postponed.push(partition.name);
      } else if (await this.drop(partition)) {
        result.dropped.push(partition.name);
      }
    }
    if (cutoff.getTime() <= rolledUpUntil) {
      const { rowCount } = await this.pool.query('DELETE FROM positions_default WHERE ts < $1', [cutoff]);
      result.purged = rowCount ?? 0;
    }
    if (result.postponed.length > 0) {
      this.log.warn(
        { postponed: result.postponed, rolledUpUntil: new Date(rolledUpUntil) },
        'positions partitions past the retention kept: the ride history is not rolled up that far yet',
      );
    }
    return result;
  }

  /**
   * Creates one month's partition. Reports of that month in the default partition (a late cart, a clock
   * that was off, rows of a restore) move into it in the same transaction: PostgreSQL refuses the partition
   * while the default holds rows of its range.
   */
  private create(partition: MonthPartition): Promise<boolean> {
    return this.locked(async (client) => {
      if (await exists(client, partition.name)) return false;
      const range = [partition.from, partition.to];
      const { rows } = await client.query<{ stray: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM positions_default WHERE ts >= $1 AND ts < $2) AS stray',
        range,
      );
      const stray = rows[0]!.stray;
      if (stray) {
        // No insert may reach the default between the move and the partition's check of it.
        await client.query('LOCK TABLE positions IN ACCESS EXCLUSIVE MODE');
        await client.query('CREATE TEMP TABLE positions_moving (LIKE positions) ON COMMIT DROP');
        await client.query(
          `WITH moved AS (DELETE FROM positions_default WHERE ts >= $1 AND ts < $2 RETURNING *)
           INSERT INTO positions_moving SELECT * FROM moved`,
          range,
        );
      }
      await client.query(
        `CREATE TABLE ${partition.name} PARTITION OF positions
           FOR VALUES FROM (${bound(partition.from)}) TO (${bound(partition.to)})`,
      );
      if (stray) await client.query('INSERT INTO positions SELECT * FROM positions_moving');
      this.log.info({ partition: partition.name, moved: stray }, 'positions partition created');
      return true;
    });
  }

  private drop(partition: MonthPartition): Promise<boolean> {
    return this.locked(async (client) => {
      if (!(await exists(client, partition.name))) return false;
      await client.query(`DROP TABLE ${partition.name}`);
      this.log.info({ partition: partition.name }, 'positions partition past the retention dropped');
      return true;
    });
  }

  private async locked<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Another run's step first (waited for in full), then the table's lock only as long as lockTimeoutMs.
      await client.query('SELECT pg_advisory_xact_lock($1)', [PARTITIONS_LOCK]);
      await client.query(`SET LOCAL lock_timeout = ${Math.round(this.lockTimeoutMs)}`);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

const exists = async (client: pg.PoolClient, name: string): Promise<boolean> => {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [
    `public.${name}`,
  ]);
  return rows[0]!.found;
};
