import { defineConfig } from 'vitest/config';

/** One Vitest run covers every workspace; each project picks its environment. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'simulator', include: ['apps/simulator/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/upgrade/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // API tests share one PostgreSQL; files run one at a time so their data never races.
          fileParallelism: false,
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
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
