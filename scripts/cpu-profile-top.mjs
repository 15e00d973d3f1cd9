#!/usr/bin/env node
// Summarises a .cpuprofile: self time by function and by file (package), most first.
// Usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const total = profile.samples.length;
const byFunction = new Map();
const byFile = new Map();
for (const [id, count] of hits) {
  const { callFrame } = byId.get(id);
  const where = callFrame.url.replace(/^file:\/\//, '').replace(/.*node_modules\/(\.pnpm\/)?/, '');
  const fileKey = where.includes('/')
    ? where
        .split('/')
        .slice(0, where.startsWith('@') ? 2 : 1)
        .join('/')
    : where || '(native)';
  const fnKey = `${callFrame.functionName || '(anonymous)'}  ${where}:${callFrame.lineNumber + 1}`;
  byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + count);
  const pkg = callFrame.url.includes('node_modules')
    ? fileKey
    : where.replace(/.*\/(apps|packages)\//, '$1/') || '(native)';
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + count);
}
const show = (title, map) => {
  console.log(`\n${title} (of ${total} samples)`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
};
show('self time by file or package', byFile);
show('self time by function', byFunction);
