import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentTypeOfKey, InvalidFileKeyError, isValidFileKey, LocalFileStore } from './file-store';

describe('isValidFileKey', () => {
  it.each([
    'logo.png',
    'sites/0b7c2c1e-7f2a-4f0e-9d7e-2d6f3c1a9b10/logo-0123456789abcdef.png',
    'a/b_c/d-e.f.jpg',
  ])('accepts %s', (key) => {
    expect(isValidFileKey(key)).toBe(true);
  });

  it.each([
    '',
    '/etc/passwd',
    '../secret.png',
    'sites/../../secret.png',
    'sites/..',
    'a..b.png',
    './logo.png',
    'sites/.hidden.png',
    'sites//logo.png',
    'sites/logo.png/',
    'Sites/Logo.PNG',
    'sites\\logo.png',
    'sites/logo%2e.png',
    'sites/logo .png',
    'C:/logo.png',
    'x'.repeat(513),
  ])('refuses %j', (key) => {
    expect(isValidFileKey(key)).toBe(false);
  });
});

describe('contentTypeOfKey', () => {
  it('derives the type from the extension, opaque bytes when unknown', () => {
    expect(contentTypeOfKey('sites/x/logo-ab.png')).toBe('image/png');
    expect(contentTypeOfKey('sites/x/cover-ab.jpg')).toBe('image/jpeg');
    expect(contentTypeOfKey('sites/x/cover-ab.jpeg')).toBe('image/jpeg');
    expect(contentTypeOfKey('notes.svg')).toBe('application/octet-stream');
    expect(contentTypeOfKey('no-extension')).toBe('application/octet-stream');
  });
});

describe('LocalFileStore', () => {
  let dir: string;
  let store: LocalFileStore;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-files-'));
    store = new LocalFileStore(path.join(dir, 'public'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('puts, gets and deletes a file under its key', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await store.put('sites/abc/logo-1.png', bytes, 'image/png');

    expect(await fs.readFile(path.join(dir, 'public', 'sites', 'abc', 'logo-1.png'))).toEqual(bytes);
    expect(await store.get('sites/abc/logo-1.png')).toEqual({ bytes, contentType: 'image/png' });

    await store.delete('sites/abc/logo-1.png');
    expect(await store.get('sites/abc/logo-1.png')).toBeNull();
  });

  it('replaces a file whole and leaves no temp file behind', async () => {
    await store.put('a/b.jpg', Buffer.from('first'), 'image/jpeg');
    await store.put('a/b.jpg', Buffer.from('second version'), 'image/jpeg');
    expect((await store.get('a/b.jpg'))?.bytes.toString()).toBe('second version');
    expect(await fs.readdir(path.join(dir, 'public', 'a'))).toEqual(['b.jpg']);
  });

  it('answers null for nothing stored, for a folder and for a path through a file', async () => {
    await store.put('sites/abc/logo.png', Buffer.from('x'), 'image/png');
    expect(await store.get('sites/abc/other.png')).toBeNull();
    expect(await store.get('sites/abc')).toBeNull();
    expect(await store.get('sites/abc/logo.png/x')).toBeNull();
  });

  it('deleting a missing file is not an error', async () => {
    await expect(store.delete('sites/nothing.png')).resolves.toBeUndefined();
  });

  it('refuses invalid keys on every operation, touching nothing outside its root', async () => {
    await fs.writeFile(path.join(dir, 'outside.png'), 'keep');
    await expect(store.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(
      InvalidFileKeyError,
    );
    await expect(store.get('../outside.png')).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.delete('../outside.png')).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.get(path.join(dir, 'outside.png'))).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(await fs.readFile(path.join(dir, 'outside.png'), 'utf8')).toBe('keep');
  });
});
