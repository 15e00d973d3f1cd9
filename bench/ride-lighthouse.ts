/**
 * `npm run bench:ride`: a Lighthouse mobile run (its default: a mid-range phone, simulated slow 4G and a
 * 4× slower CPU) of the guest ride page /ride/{id}, the page a guest opens from a cart's QR code (issue
 * #6). The product runs as `npm start` does, on its own ports and a temporary data directory, with the
 * demo club; the page is one of its simulated carts. Lighthouse drives Debian's Chromium.
 *
 * Writes bench/results/ride-lighthouse-<time>.json and prints the numbers recorded in
 * docs/performance.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_RIDE_PORT ?? 3410);
const base = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_RIDE_RUNS ?? 3);

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the server did not start within 3 minutes');
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A simulated cart of the demo club, through the operator API as its admin. */
async function demoCartId(): Promise<string> {
  const { accessToken } = await json<{ accessToken: string }>(
    await fetch(`${base}/api/dashboard/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
    }),
  );
  const auth = { Authorization: `Bearer ${accessToken}` };
  const sites = await json<Array<{ _id: string }>>(
    await fetch(`${base}/api/dashboard/sites/list`, { headers: auth }),
  );
  const carts = await json<Array<{ _id: string }>>(
    await fetch(`${base}/api/dashboard/devices`, { headers: { ...auth, 'site-id': sites[0]!._id } }),
  );
  return carts[0]!._id;
}

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
  scriptTransferBytes: number;
  totalTransferBytes: number;
  /** what the page painted last and largest (its selector and text), to know what to make faster */
  largestContentfulPaintElement: string;
}

/** The LCP element from Lighthouse 13's LCP breakdown insight (a list holding the element's node). */
function lcpElementOf(details: unknown): string {
  type Item = { type?: string; selector?: string; nodeLabel?: string };
  const node = ((details as { items?: Item[] } | undefined)?.items ?? []).find(
    (item) => item.type === 'node',
  );
  return node ? `${node.selector ?? ''} "${node.nodeLabel ?? ''}"` : 'unknown';
}

async function audit(url: string): Promise<RunResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    // A run Lighthouse could not finish (on a loaded machine: NO_FCP, a page that did not settle in time)
    // has no metrics; it is run again rather than counted as NaN.
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary =
      (
        lhr.audits['resource-summary']?.details as {
          items?: Array<{ resourceType: string; transferSize: number }>;
        }
      )?.items ?? [];
    const bytesOf = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
      firstContentfulPaintMs: Math.round(numeric('first-contentful-paint')),
      largestContentfulPaintMs: Math.round(numeric('largest-contentful-paint')),
      totalBlockingTimeMs: Math.round(numeric('total-blocking-time')),
      cumulativeLayoutShift: Number(numeric('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(numeric('speed-index')),
      scriptTransferBytes: bytesOf('script'),
      totalTransferBytes: bytesOf('total'),
      largestContentfulPaintElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
    };
  } finally {
    chrome.kill();
  }
}

/** Up to 3 tries of one run: a loaded machine sometimes fails one (see `audit`). */
async function auditWithRetry(url: string): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`run failed (${error instanceof Error ? error.message : String(error)}), trying again`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<void> {
  // Inside the project, as `npm start`'s own data: the embedded PostgreSQL runs as its own user, which may
  // not enter a private temporary directory.
  const dataDir = path.join(root, 'data', `bench-ride-${Date.now()}`);
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      MQTT_PORT: process.env.BENCH_RIDE_MQTT_PORT ?? '18945',
      EMBEDDED_PG_PORT: process.env.BENCH_RIDE_PG_PORT ?? '5495',
      DATA_DIR: dataDir,
      // No network here: tiles are never part of the guest page anyway.
      TILE_STREET_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      TILE_SATELLITE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    },
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`the server stopped (exit ${code})`))),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForHealth(Date.now() + 180_000), exited]);
    const url = `${base}/ride/${await demoCartId()}`;
    const runs: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(url));
    const keys = (Object.keys(runs[0]!) as Array<keyof RunResult>).filter(
      (key) => key !== 'largestContentfulPaintElement',
    );
    const medians = {
      ...Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key] as number))])),
      largestContentfulPaintElement: runs[0]!.largestContentfulPaintElement,
    };
    const report = {
      when: new Date().toISOString(),
      url: '/ride/{id}',
      runs: RUNS,
      median: medians,
      all: runs,
    };
    const file = path.join(root, 'bench/results', `ride-lighthouse-${report.when.replaceAll(':', '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Lighthouse mobile, median of ${RUNS} runs of /ride/{id}:`);
    console.table(medians);
    console.log(`written to ${path.relative(root, file)}`);
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
