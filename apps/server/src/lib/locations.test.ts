import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_DIR } from '../../../../scripts/build-server.mjs';
import { MIGRATIONS_DIR, SERVER_PACKAGE_JSON, SERVER_ROOT, WEB_DIST_DIR } from './locations';

describe('where the server finds its files', () => {
  it('finds the migrations, its manifest and the web app from the sources', () => {
    expect(fs.existsSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'))).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(SERVER_PACKAGE_JSON, 'utf8')) as { name: string };
    expect(manifest.name).toBe('@fairway/server');
    expect(WEB_DIST_DIR).toBe(path.resolve(SERVER_ROOT, '../web/dist'));
  });

  it('sits at the depth of the bundle, so the same paths hold once bundled', () => {
    // Every module of the bundle has its output file's import.meta.url (scripts/build-server.mjs).
    const here = path.dirname(fileURLToPath(import.meta.url));
    expect(path.relative(SERVER_ROOT, here).split(path.sep)).toHaveLength(2);
    expect(path.relative(SERVER_ROOT, SERVER_BUNDLE_DIR).split(path.sep)).toHaveLength(2);
  });
});
