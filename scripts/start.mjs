// `npm start`: build the web app when its sources are newer than the build, then run the server.
// The server's TypeScript runs under tsx, so the web bundle is the only build step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/ride.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
].map((p) => path.join(root, p));

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (sources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@fairway/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this very process (tsx compiles its TypeScript on the fly), so a signal sent to this
// process reaches the server's own clean-shutdown handler with no process in between.
const { register } = await import('tsx/esm/api');
register();
await import('./source-maps.mjs');

// npm does not pass SIGTERM on to its script: when npm itself is stopped, this process would live on as an
// orphan holding the ports and the database. Stop cleanly as soon as the parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

await import('../apps/server/src/main.ts');
