import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { seedDemo } from '../src/demo/demo-seed';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole server suite: the embedded server by default, or the one DATABASE_URL
 * names (CI runs both). A fresh database is created, migrated and seeded with the demo once.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  const stops: Array<() => Promise<void>> = [];
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres(path.resolve('data/test-pg'), 5490, log);
    stops.push(() => embedded.stop());
    adminUrl = embedded.url;
  }
  const testDb = `fairway_test_${process.pid}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`drop database if exists ${testDb}`);
  await admin.query(`create database ${testDb}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${testDb}`;
  const database = connectDatabase(url.toString(), 2);
  await runMigrations(database);
  await seedDemo(database.db, log);
  await database.close();
  project.provide('databaseUrl', url.toString());

  return async () => {
    const cleanup = new pg.Client(adminUrl);
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${testDb} with (force)`);
    await cleanup.end();
    for (const fn of stops.reverse()) await fn();
  };
}
