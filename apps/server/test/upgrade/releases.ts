import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** apps/server: releases.json and the fixtures name their files from here. */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS = path.join(SERVER, 'drizzle');

export interface Release {
  version: string;
  commit: string;
  date: string;
  /** how many journal entries (0000…) the release shipped */
  migrations: number;
  lastMigration: string;
  /** sha256 of each shipped migration file, as drizzle hashes it into __drizzle_migrations */
  hashes: string[];
  /** a club's data as that release wrote it (pg_dump --data-only), relative to apps/server */
  fixture: string;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
}
interface Journal {
  entries: JournalEntry[];
}

export const releases = (): Release[] =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'releases.json'), 'utf8')) as { releases: Release[] })
    .releases;

export const journal = (): Journal =>
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;

export const migrationHash = (tag: string): string =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8'))
    .digest('hex');

export const readFixture = (release: Release): string =>
  fs.readFileSync(path.join(SERVER, release.fixture), 'utf8');

/**
 * Migrates `url` exactly as far as `release` did, through drizzle's own migrator, so __drizzle_migrations
 * holds what an instance of that release recorded and the head's migrator goes on from there: a copy of
 * the migrations folder whose journal stops at the release's last entry.
 */
export async function migrateToRelease(url: string, release: Release): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `fairway-v${release.version}-`));
  try {
    const entries = journal().entries.slice(0, release.migrations);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal(), entries }));
    for (const entry of entries)
      fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    const client = new pg.Client(url);
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs one SQL file (many statements, no parameters) on its own connection: a dump sets its session up. */
export async function runSqlFile(url: string, sql: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database next to the suite's one, and the way to drop it. */
export async function createDatabase(
  suiteUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client(suiteUrl);
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(suiteUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
