// The server as `npm start` runs it: one ESM bundle of Fairway's own TypeScript (the server, the domain
// package and the simulator), built by esbuild into apps/server/dist/server. The packages under node_modules
// stay outside it and load as they are. Why a bundle rather than tsx at run time: docs/decisions.md, "The server
// runs from a bundle".
//
//   node scripts/build-server.mjs          build when a source is newer than the bundle
//   node scripts/build-server.mjs --force  build anyway
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository's root (scripts that are bundled themselves, like the bench, find their files from it). */
export const REPO_ROOT = root;

/**
 * Two levels under apps/server, like src/lib/locations.ts, which finds the migrations and the web app from
 * its own folder: in the bundle every module has the output file's `import.meta.url`.
 */
export const SERVER_BUNDLE_DIR = path.join(root, 'apps/server/dist/server');
/** What `npm start` runs. */
export const SERVER_MAIN = path.join(SERVER_BUNDLE_DIR, 'main.mjs');
/** What the bench drives of the server (bench/lib/server-surface.ts): it runs the server in its own process. */
export const SERVER_BENCH_SURFACE = path.join(SERVER_BUNDLE_DIR, 'bench-surface.mjs');

const ENTRIES = {
  main: 'apps/server/src/main.ts',
  'bench-surface': 'bench/lib/server-surface.ts',
  // Started by broker/broker-thread.ts as `./broker-worker.mjs` beside itself: in the sources a file that
  // registers tsx first, here the worker's own code.
  'broker-worker': 'apps/server/src/broker/broker-worker.ts',
};
/** Everything a change to which calls for a new bundle. */
const INPUTS = [
  'apps/server/src',
  'packages/domain/src',
  'apps/simulator/src',
  'bench/lib/server-surface.ts',
  'apps/server/package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];
/** A lock older than this was left by a build that died: taken over. */
const STALE_LOCK_MS = 120_000;

/** The newest modification time of a file or of anything in a folder (0 when it does not exist). */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** The file whose time is the bundle's: written last, so a build that died half-way is stale. */
const stampOf = (outdir) => path.join(outdir, '.built');

const isStale = (outdir) => {
  const stamp = stampOf(outdir);
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
};

/**
 * Only the workspace's own packages are bundled. The others keep their files: several read files beside
 * their own code at run time (`__dirname`: Swagger UI's assets, Socket.IO's client), load native addons, or
 * start workers by path; and bundling them saved no memory (measured: docs/performance.md).
 */
export const ownPackagesOnly = {
  name: 'fairway-own-packages-only',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fairway/') || args.path.startsWith('node:') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

async function build(outdir) {
  const { build: esbuild } = await import('esbuild');
  const started = performance.now();
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node24',
    plugins: [ownPackagesOnly],
    // Names stay (stack traces, pino's and Fastify's use of function names); comments and indentation go.
    // ASCII output keeps every module's source a one-byte string in V8: the sources' "→" and "≤" in
    // comments and messages made whole files two-byte strings, held for lazy compilation.
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    charset: 'ascii',
    legalComments: 'none',
    // Written beside the bundle, not loaded: `NODE_OPTIONS=--enable-source-maps` maps traces to the sources.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  fs.writeFileSync(stampOf(outdir), `${new Date().toISOString()}\n`);
  return performance.now() - started;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds the bundle unless it is newer than every source (or `force`). Several processes may ask at once (two
 * instances started together): one builds under a lock folder, the others wait for it and find it fresh.
 * Answers whether this call built, and how long it took. `outdir` is for tests: the server finds its files only
 * from the default folder.
 */
export async function buildServer({ force = false, outdir = SERVER_BUNDLE_DIR } = {}) {
  const lock = `${outdir}.lock`;
  for (;;) {
    if (!force && !isStale(outdir)) return { built: false, ms: 0 };
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(100);
      continue;
    }
    try {
      // Another process may have finished a build between the check and the lock.
      if (!force && !isStale(outdir)) return { built: false, ms: 0 };
      return { built: true, ms: await build(outdir) };
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { built, ms } = await buildServer({ force: process.argv.includes('--force') });
  console.log(
    built
      ? `Server bundle built in ${Math.round(ms)} ms: ${SERVER_BUNDLE_DIR}`
      : 'Server bundle is up to date',
  );
}
