import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE_DIR } from '../../../scripts/build-server.mjs';

/*
 * The bundle `npm start` runs (scripts/build-server.mjs), built into a folder of its own here: the browser flows
 * and the two-instance layout start the real one. The ASCII check fails on a non-ASCII character in a regular
 * expression or a template literal of the sources, which esbuild leaves as written: escape it there.
 */
describe('the server bundle', () => {
  let outdir: string;
  let files: string[];

  beforeAll(async () => {
    // Inside the repository, where Node finds the packages the bundle leaves outside it.
    const dist = path.join(SERVER_BUNDLE_DIR, '..');
    fs.mkdirSync(dist, { recursive: true });
    outdir = path.join(fs.mkdtempSync(path.join(dist, 'test-')), 'server');
    expect(await buildServer({ outdir, force: true })).toMatchObject({ built: true });
    files = fs.readdirSync(outdir).filter((name) => name.endsWith('.mjs'));
  }, 60_000);
  afterAll(() => fs.rmSync(path.dirname(outdir), { recursive: true, force: true }));

  it('loads under plain Node, without tsx: no TypeScript and no workspace package left outside it', () => {
    expect(files).toEqual(expect.arrayContaining(['main.mjs', 'broker-worker.mjs', 'bench-surface.mjs']));
    const surface = pathToFileURL(path.join(outdir, 'bench-surface.mjs')).href;
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(surface)}); console.log(typeof m.startRuntime, typeof m.loadConfig);`,
      ],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(probe.stderr).toBe('');
    expect(probe.stdout.trim()).toBe('function function');
    for (const name of files) {
      const code = fs.readFileSync(path.join(outdir, name), 'utf8');
      expect(code, name).not.toMatch(/from\s*"@fairway\//);
      expect(code, name).not.toMatch(/from\s*"[^"]+\.ts"/);
    }
  });

  it('is ASCII, so V8 keeps each module source as a one-byte string', () => {
    for (const name of files) {
      const bytes = fs.readFileSync(path.join(outdir, name));
      expect(
        bytes.findIndex((byte) => byte > 0x7f),
        name,
      ).toBe(-1);
    }
  });

  it('is built again only when a source is newer, and once when several ask at once', async () => {
    expect(await buildServer({ outdir })).toEqual({ built: false, ms: 0 });
    // The stamp older than every source: stale.
    fs.utimesSync(path.join(outdir, '.built'), 0, 0);
    const answers = await Promise.all([
      buildServer({ outdir }),
      buildServer({ outdir }),
      buildServer({ outdir }),
    ]);
    expect(answers.filter((answer) => answer.built)).toHaveLength(1);
    expect(fs.existsSync(path.join(outdir, 'main.mjs'))).toBe(true);
    expect(fs.existsSync(`${outdir}.lock`)).toBe(false);
  }, 60_000);
});
