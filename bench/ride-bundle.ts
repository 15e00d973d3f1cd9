/**
 * `npx tsx bench/ride-bundle.ts`: the JavaScript a phone downloads on its first visit to /ride/{id} (issue
 * #6: at most 150 kB gzip), measured on a production build — run `npx vite build` in apps/web first; this
 * script builds nothing.
 *
 * Counted: the entry script and the modulepreload links of dist/ride.html, and every chunk those import
 * statically, transitively (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`).
 * Not counted: dynamic `import()` (the later steps: prices, payment return, session, socket.io-client).
 * Each file is gzipped at zlib's default level, which is what the server's @fastify/compress sends for gzip.
 * Exits 1 above the budget (or if the build is missing).
 *
 * RIDE_DIST=path reads another build directory (default apps/web/dist).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.env.RIDE_DIST ?? path.join(here, '../apps/web/dist'));
const html = path.join(dist, 'ride.html');

if (!existsSync(html)) {
  console.error(`No ${html}: run \`npx vite build\` in apps/web first.`);
  process.exit(1);
}

const page = readFileSync(html, 'utf8');
const attribute = (tag: string, name: string) => new RegExp(`\\b${name}=["']([^"']+)["']`).exec(tag)?.[1];
const roots: string[] = [];
for (const [tag] of page.matchAll(/<script\b[^>]*>/g))
  if (/type=["']module["']/.test(tag) && attribute(tag, 'src')) roots.push(attribute(tag, 'src')!);
for (const [tag] of page.matchAll(/<link\b[^>]*>/g))
  if (/rel=["']modulepreload["']/.test(tag) && attribute(tag, 'href')) roots.push(attribute(tag, 'href')!);
if (roots.length === 0) {
  console.error('ride.html has no module script');
  process.exit(1);
}

/** Absolute site paths ('/assets/x.js') to files in dist. */
const fileOf = (src: string) => path.join(dist, src.replace(/^\//, ''));

/** Static imports of a chunk, relative to it; `import(` (dynamic) has a parenthesis and does not match. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+?\.m?js)["']/g;

const seen = new Map<string, { raw: number; gzip: number; root: boolean }>();
const queue = roots.map((src) => ({ file: fileOf(src), root: true }));
while (queue.length > 0) {
  const { file, root } = queue.shift()!;
  if (seen.has(file)) continue;
  if (!existsSync(file)) {
    console.error(`Missing ${file}`);
    process.exit(1);
  }
  const code = readFileSync(file);
  seen.set(file, { raw: code.length, gzip: gzipSync(code).length, root });
  for (const match of code.toString('utf8').matchAll(STATIC_IMPORT))
    queue.push({ file: path.resolve(path.dirname(file), match[1]!), root: false });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const rows = [...seen].sort((a, b) => b[1].gzip - a[1].gzip);
const total = rows.reduce((sum, [, size]) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), {
  raw: 0,
  gzip: 0,
});
console.log(
  `First visit to /ride/{id}: ${rows.length} JavaScript files (from ${path.relative(process.cwd(), html)})`,
);
for (const [file, size] of rows)
  console.log(
    `  ${path.relative(dist, file).padEnd(52)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzip${size.root ? '' : '  (imported)'}`,
  );
console.log(`Total: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip; budget ${kb(BUDGET_BYTES)} gzip`);
if (total.gzip > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total.gzip - BUDGET_BYTES)}`);
  process.exit(1);
}
