import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Durable scheduled work. One row per job key (a recurring job keeps its row and moves its run_at); an
 * instance claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, so with several server instances each
 * run happens once, and a job whose instance died is picked up again when its lease runs out.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  },
  (table) => [index('scheduled_jobs_run_at_idx').on(table.runAt)],
);
