import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run covers every workspace; each project picks its environment. */
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one; on a 2-core CI machine that runs every file in
    // sequence. The pure and web files use every core; the server files (one at a time, on the shared
    // database) and the fault files (one at a time, on their own parts) run side by side, as a second group
    // (`sequence.groupOrder`: Vitest 5 runs projects of different worker counts in different groups).
    // `npm run test:unit` runs that second group in its own Vitest process beside the first
    // (scripts/test-unit.mjs), rather than after it.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'simulator',
          include: ['apps/simulator/src/**/*.test.ts'],
          environment: 'node',
          // Its broker tests wait for carts' messages (deadlines of 10 s): on a loaded machine a reboot's
          // round trip outlasts Vitest's 5 s default, though nothing is wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/{upgrade,backup}/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // API tests share one PostgreSQL; files run one at a time so their data never races.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // Every file starts its own runtime, but the server's modules are loaded once per worker instead
          // of once per file: 6 minutes less per run (docs/decisions.md, "CI time"). Server modules keep
          // no state of their own between runtimes, and no server test mocks a module.
          isolate: false,
        },
      },
      {
        // Fault tests: real dependencies stopped, servers killed (issue #15); slow, run by .ci/run.
        test: {
          name: 'faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Beside the server files: each fault test owns its PostgreSQL, broker and server process.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Two files render at once on a 2-core machine, beside the server lane and the PostgreSQL 15 run:
          // a lazy page's first render can pass 5 s, and a whole test 15 s when CI is busiest. The queries'
          // own deadline is raised with it (test/setup.ts).
          testTimeout: 30_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Each file still gets its own module graph and jsdom, but in a worker thread, not a child
          // process: less CPU per file (docs/decisions.md, "CI time"). No web test changes the process
          // (chdir, exit, signals) and none depends on another file's process.env.
          pool: 'threads',
        },
      },
    ],
  },
});
