// `npm start`: build the web app and the server's bundle when their sources are newer than the builds, then
// run the server in this very process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, newestMtime, SERVER_MAIN } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/ride.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
].map((p) => path.join(root, p));

const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (sources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@fairway/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// esbuild's bundle of the server (scripts/build-server.mjs; docs/decisions.md, "The server runs from a
// bundle"). It runs in this very process, so a signal sent to this process reaches the server's own
// clean-shutdown handler with no process in between.
const { built, ms } = await buildServer();
if (built) console.log(`Server bundle built in ${Math.round(ms)} ms`);

// npm does not pass SIGTERM on to its script: when npm itself is stopped, this process would live on as an
// orphan holding the ports and the database. Stop cleanly as soon as the parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

await import(pathToFileURL(SERVER_MAIN).href);
