#!/usr/bin/env node
// Summarises a sampled .heapprofile (bench: BENCH_HEAP_PROFILE): bytes allocated by function and by file
// (package), most first, with the garbage the profile kept. Usage: node scripts/heap-profile-top.mjs <file> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/heap-profile-top.mjs <file.heapprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const { head } = JSON.parse(readFileSync(file, 'utf8'));
const byFunction = new Map();
const byFile = new Map();
let total = 0;
const fileOf = (url) => {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
};
const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
for (const stack = [head]; stack.length > 0;) {
  const node = stack.pop();
  stack.push(...node.children);
  if (node.selfSize === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  total += node.selfSize;
  add(byFunction, `${functionName || '(anonymous)'}  ${fileOf(url)}:${lineNumber + 1}`, node.selfSize);
  add(byFile, fileOf(url), node.selfSize);
}
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const print = (title, map) => {
  console.log(`\n${title} (of ${mb(total)} MB sampled)`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${mb(bytes).padStart(7)} MB  ${key}`);
};
print('allocated by file or package', byFile);
print('allocated by function', byFunction);
