import pg from 'pg';
import { vi } from 'vitest';

/** A query as node-postgres got it: its prepared statement's name, if any, and its text. */
export interface CountedQuery {
  name?: string;
  text?: string;
}

/**
 * Counts the queries that every node-postgres client of this process sends from now on and `matches` selects,
 * until `stop()`, which puts `query` back and answers the count. Tests use it to prove a read is skipped.
 */
export function countQueries(matches: (query: CountedQuery) => boolean): { stop(): number } {
  let count = 0;
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const [first] = args;
    const counted: CountedQuery =
      typeof first === 'string' ? { text: first } : ((first ?? {}) as CountedQuery);
    if (matches(counted)) count += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  return {
    stop() {
      spy.mockRestore();
      return count;
    },
  };
}
