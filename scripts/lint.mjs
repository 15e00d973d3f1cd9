// `npm run lint`: eslint, prettier and the three type checks, in two lanes side by side (each lane in order),
// so both cores work: one after the other they took about 2.5 minutes of CI's 30 (docs/decisions.md, CI time).
// Each command's output is printed whole when it ends; the run fails when any command fails.
import { spawn } from 'node:child_process';

const LANES = [
  [
    ['eslint', '.'],
    ['tsc', '-p', 'tsconfig.tools.json'],
  ],
  [
    ['prettier', '--check', '.'],
    ['tsc', '-p', 'tsconfig.node.json'],
    ['tsc', '-p', 'apps/web'],
  ],
];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${command} ${args.join(' ')} (${seconds} s, exit ${code})\n${output}`);
      resolve(code === 0);
    });
  });
}

async function lane(commands) {
  let ok = true;
  for (const command of commands) ok = (await run(command)) && ok;
  return ok;
}

const results = await Promise.all(LANES.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
