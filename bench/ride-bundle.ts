/**
 * `npx tsx bench/ride-bundle.ts`: the JavaScript a phone downloads on its first visit to /ride/{id} (issue
 * #6) and to a club's portal /guest/site/{id} (issue 18), each at most 100 kB gzip (issue 22 item 6; it was
 * 150 kB while the first screen drew with MUI), measured on a production build — run `npx vite build` in
 * apps/web first; this script builds nothing.
 *
 * Counted for /ride/{id}: the script files and the modulepreload links of dist/ride.html, and every chunk
 * those import statically, transitively (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`).
 * For /guest/site/{id}: the same plus the portal home page's chunk (found in the build's manifest,
 * dist/.vite/manifest.json) and everything it imports statically.
 * Not counted: dynamic `import()` (the later steps: prices, payment return, session, socket.io-client, the
 * portal's code sheet). Each file is gzipped at zlib's default level, which is what the server's
 * @fastify/compress sends for gzip. Exits 1 above a budget, if a counted file carries zod (the guest pages
 * validate answers by hand), or if the build is missing.
 *
 * RIDE_DIST=path reads another build directory (default apps/web/dist).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
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
// Every script file: the module entry, and the classic one that starts the first API request early.
for (const [tag] of page.matchAll(/<script\b[^>]*>/g))
  if (attribute(tag, 'src')) roots.push(attribute(tag, 'src')!);
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The files `roots` load before the page can act, with their sizes; false when over budget or with zod. */
function measure(label: string, roots: { file: string; root: boolean }[]): boolean {
  const seen = new Map<string, { raw: number; gzip: number; root: boolean; zod: boolean }>();
  const queue = [...roots];
  while (queue.length > 0) {
    const { file, root } = queue.shift()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) {
      console.error(`Missing ${file}`);
      process.exit(1);
    }
    const code = readFileSync(file);
    const text = code.toString('utf8');
    seen.set(file, { raw: code.length, gzip: gzipSync(code).length, root, zod: text.includes('ZodError') });
    for (const match of text.matchAll(STATIC_IMPORT))
      queue.push({ file: path.resolve(path.dirname(file), match[1]!), root: false });
  }

  const rows = [...seen].sort((a, b) => b[1].gzip - a[1].gzip);
  const total = rows.reduce((sum, [, size]) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), {
    raw: 0,
    gzip: 0,
  });
  console.log(
    `First visit to ${label}: ${rows.length} JavaScript files (from ${path.relative(process.cwd(), html)})`,
  );
  for (const [file, size] of rows)
    console.log(
      `  ${path.relative(dist, file).padEnd(52)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzip${size.root ? '' : '  (imported)'}${size.zod ? '  ZOD' : ''}`,
    );
  console.log(`Total: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip; budget ${kb(BUDGET_BYTES)} gzip\n`);
  let ok = true;
  if (total.gzip > BUDGET_BYTES) {
    console.error(`${label}: over budget by ${kb(total.gzip - BUDGET_BYTES)}`);
    ok = false;
  }
  const withZod = rows.filter(([, size]) => size.zod).map(([file]) => path.relative(dist, file));
  if (withZod.length > 0) {
    console.error(`${label}: zod is loaded by ${withZod.join(', ')}`);
    ok = false;
  }
  return ok;
}

/** The chunk that holds a source module of the web app, by the build's manifest. */
function chunkOf(source: string): string {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`No ${manifestFile}: the build must have build.manifest on (apps/web/vite.config.ts).`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>;
  const chunk = manifest[source]?.file;
  if (!chunk) {
    console.error(`${source} is not in the build's manifest`);
    process.exit(1);
  }
  return path.join(dist, chunk);
}

const entry = roots.map((src) => ({ file: fileOf(src), root: true }));
const rideOk = measure('/ride/{id}', entry);
const portalOk = measure('/guest/site/{id}', [
  ...entry,
  { file: chunkOf('src/ride/portal/PortalHomePage.tsx'), root: true },
]);
if (!rideOk || !portalOk) process.exit(1);
