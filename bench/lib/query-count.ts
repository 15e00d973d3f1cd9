import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * With BENCH_QUERY_COUNT=<folder>, counts the server's queries (this process's `pg` clients) from now until
 * `stop()`, by statement, and writes `<folder>/<name>.queries.json` (most frequent first, with the bytes sent).
 * This is how the cart views' ride lookups were found to be most of the queries under a burst of commands.
 */
export function countQueries(name: string): { stop(): Promise<void> } {
  const folder = process.env.BENCH_QUERY_COUNT;
  if (!folder) return { stop: async () => {} };
  const counts = new Map<string, { calls: number; bytes: number }>();
  const query = pg.Client.prototype.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads; every argument is passed on
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const [config, values] = args as [string | { text?: string; name?: string; values?: unknown[] }, unknown];
    const text = typeof config === 'string' ? config : (config.text ?? config.name ?? '?');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 160);
    const entry = counts.get(key) ?? { calls: 0, bytes: 0 };
    entry.calls += 1;
    entry.bytes +=
      text.length + JSON.stringify(values ?? (typeof config === 'string' ? [] : config.values) ?? []).length;
    counts.set(key, entry);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    async stop() {
      pg.Client.prototype.query = query;
      await mkdir(folder, { recursive: true });
      const sorted = [...counts].sort((a, b) => b[1].calls - a[1].calls);
      await writeFile(
        path.join(folder, `${name}.queries.json`),
        JSON.stringify(
          { total: sorted.reduce((sum, [, c]) => sum + c.calls, 0), statements: Object.fromEntries(sorted) },
          null,
          1,
        ),
      );
    },
  };
}
