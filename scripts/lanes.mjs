// Runs commands in lanes side by side (each lane in order), so both cores of a CI machine work. Each
// command's output is printed whole when it ends, so lanes never interleave their lines; the result is
// false when any command failed.
import { spawn } from 'node:child_process';

function run([command, ...args], env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
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

async function lane(commands, env) {
  let ok = true;
  for (const command of commands) ok = (await run(command, env)) && ok;
  return ok;
}

/** Runs `lanes` (lists of commands, a command being [program, ...args]) side by side. */
export async function runLanes(lanes, env = {}) {
  const results = await Promise.all(lanes.map((commands) => lane(commands, env)));
  return results.every(Boolean);
}
