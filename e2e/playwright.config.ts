import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Overridable for a machine where these ports are taken (another test run, a local broker).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const MQTT_PORT = process.env.E2E_MQTT_PORT ?? '18830';
// Not the default 5488, so the suite runs beside a developer's own `npm start`.
const PG_PORT = process.env.E2E_PG_PORT ?? '5487';
const baseURL = `http://localhost:${PORT}`;

// A fresh data directory per run (a new database, no state left from earlier runs). Set once in the main
// process; the workers inherit the environment, so every process agrees on it.
process.env.FAIRWAY_E2E_DATA_DIR ??= `./data/e2e-${Date.now()}`;

// Port 9 on loopback refuses connections: the map must stay usable without any tiles.
const UNREACHABLE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium: browsers cannot be downloaded here.
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server logs every request; only its errors are worth showing next to the test results.
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      MQTT_PORT,
      EMBEDDED_PG_PORT: PG_PORT,
      DATA_DIR: process.env.FAIRWAY_E2E_DATA_DIR,
      TILE_STREET_URL: UNREACHABLE_TILES,
      TILE_SATELLITE_URL: UNREACHABLE_TILES,
      // A paid unlock the cart never confirms is refunded after the guest's 20 s wait and one retry (about
      // 45 s); the product waits 120 s, the suite no longer than it must.
      PAID_UNLOCK_REFUND_SECONDS: '50',
      // Flows take parked carts (a desk booking and the cart it moves to, a round of 18 holes); with most of
      // the demo's carts out on rounds, two parked ones were sometimes not there. Some still drive for the map.
      DEMO_ACTIVITY: '0.3',
    },
  },
});
