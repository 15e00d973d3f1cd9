import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Role } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { hashPassword } from '../../lib/passwords';
import { mailOutbox } from '../../db/tables/mail';
import { sites } from '../../db/tables/sites';
import { UsersRepository, type UserRow } from './users.repository';

/**
 * Fixtures for the auth and users API tests. They share one demo-seeded database with the other test
 * files, so every user they make has a fresh email and the demo accounts are never changed.
 */
export const TEST_PASSWORD = 'test-password-1';

export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;

export async function createUser(
  rt: Runtime,
  options: { email?: string; role?: Role; sites?: string[]; lang?: string; password?: string } = {},
): Promise<UserRow> {
  return new UsersRepository(rt.ctx.db).insert({
    email: options.email ?? uniqueEmail(),
    passwordHash: await hashPassword(options.password ?? TEST_PASSWORD),
    role: options.role ?? 'basic',
    sites: options.sites ?? [],
    lang: options.lang ?? 'en',
  });
}

export async function siteIdByName(rt: Runtime, name: string): Promise<string> {
  const [row] = await rt.ctx.db.select({ id: sites.id }).from(sites).where(eq(sites.name, name));
  if (!row) throw new Error(`no site named ${name}`);
  return row.id;
}

export async function allSiteIds(rt: Runtime): Promise<string[]> {
  const rows = await rt.ctx.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.createdAt));
  return rows.map((row) => row.id);
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The mails written to `to` with `template`, newest first. */
export function mailsTo(rt: Runtime, to: string, template: string): Promise<OutboxRow[]> {
  return rt.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.createdAt));
}

/** Waits for a mail that is sent after the answer (forgot-password works in the background). */
export async function waitForMail(rt: Runtime, to: string, template: string, count = 1): Promise<OutboxRow> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const rows = await mailsTo(rt, to, template);
    if (rows.length >= count) return rows[0]!;
    if (Date.now() > deadline) throw new Error(`no ${template} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link in a mail's text that starts with `prefix`, as a URL. */
export function linkIn(text: string, prefix: string): URL {
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix));
  if (!line) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return new URL(line.trim());
}
