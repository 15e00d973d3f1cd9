// `npm start`: build the web app when its sources are newer than the build, then run the server.
// The server's TypeScript runs under tsx, so the web bundle is the only build step.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'].map(
  (p) => path.join(root, p),
);

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

// Run tsx under this very Node (the pinned node@24 that npm put first on PATH), never whatever `node` a shell finds.
const server = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// Ctrl-C reaches the whole process group; the server handles it and we wait for it to finish stopping.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signal === 'SIGTERM') server.kill('SIGTERM');
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
