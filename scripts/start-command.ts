import fs from 'node:fs';
import path from 'node:path';

/**
 * How `npm start` runs the server, read from its script in package.json (`[NAME=value …] node <flags>
 * scripts/start.mjs`): the environment it sets and Node's flags. The bench and the two-instance layout start
 * the server through this, so what they measure and test cannot drift from what `npm start` runs.
 */
export function startCommand(root: string): { flags: string[]; env: Record<string, string> } {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (manifest.scripts.start ?? '').split(/\s+/).filter(Boolean);
  const node = words.indexOf('node');
  const env = Object.fromEntries(
    words
      .slice(0, Math.max(0, node))
      .map((word) => word.split('='))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
  return { flags: words.filter((word) => word.startsWith('--')), env };
}
