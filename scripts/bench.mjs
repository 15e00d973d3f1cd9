// `npm run bench`: the server bench (bench/run.ts) as `npm start` runs the server, under plain Node.
//
// The bench drives the server inside its own process (it reads the server's internals), so that process's RSS
// is the server's memory figure (issue 22 item 3). Run through tsx, it also held tsx's loader and its compiled
// TypeScript: 15-35 MB of the figures, which `npm start` never carries (docs/decisions.md, "The bench runs
// from a bundle too"). So the bench's own TypeScript is bundled here first, like the server's, and the bundle
// runs without tsx; it then re-runs itself under npm start's flags and environment (bench/lib/memory.ts,
// `ensureStartFlags`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { buildServer, ownPackagesOnly, REPO_ROOT } from './build-server.mjs';

const BENCH_BUNDLE = path.join(REPO_ROOT, 'bench/dist/run.mjs');

/**
 * The scripts the bench imports stay where they are: they find the repository from their own location
 * (`import.meta.url`), which inside the bundle would be the bundle's.
 */
const scriptsInPlace = {
  name: 'fairway-scripts-in-place',
  setup(builder) {
    builder.onResolve({ filter: /\/scripts\/[^/]+\.mjs$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path),
      external: true,
    }));
  },
};

const { built, ms } = await buildServer();
if (built) console.log(`Server bundle built in ${Math.round(ms)} ms`);
await build({
  absWorkingDir: REPO_ROOT,
  entryPoints: ['bench/run.ts'],
  outfile: BENCH_BUNDLE,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  plugins: [scriptsInPlace, ownPackagesOnly],
  sourcemap: 'linked',
  logLevel: 'warning',
});
const child = spawn(process.execPath, [BENCH_BUNDLE, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
