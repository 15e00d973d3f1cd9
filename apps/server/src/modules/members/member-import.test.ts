import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import type { MemberImportResult, MemberImportRow } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { members } from '../../db/tables/members';
import {
  createMember,
  freshSite,
  memberEmail,
  memberFixtures,
  membersApi,
  uniqueTag,
  type MemberFixtures,
} from './members.test-support';

let rt: Runtime;
let f: MemberFixtures;

beforeAll(async () => {
  rt = await startTestServer();
  f = await memberFixtures(rt);
});
afterAll(() => rt.stop());

const importRows = (token: string, siteId: string, rows: MemberImportRow[]) =>
  membersApi(rt, 'POST', '/import', token, siteId, { members: rows });
const imported = async (token: string, siteId: string, rows: MemberImportRow[]) => {
  const res = await importRows(token, siteId, rows);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<MemberImportResult>();
};
const membersOf = (siteId: string) => rt.ctx.db.select().from(members).where(eq(members.siteId, siteId));
const countOf = async (siteId: string) =>
  (await rt.ctx.db.select({ n: count() }).from(members).where(eq(members.siteId, siteId)))[0]!.n;

describe('POST /api/dashboard/members/import', () => {
  it("imports valid rows trimmed and lower-cased, with the site's language, no credits and no group", async () => {
    const { siteId, token } = await freshSite(rt, 'da');
    const tag = uniqueTag();
    const result = await imported(token, siteId, [
      {
        name: ' Mette Æbelø ',
        email: ` Mette.${tag}@Example.ORG `,
        memberNumber: ' 17 ',
        company: '',
        phone: null,
      },
      {
        name: 'Jürgen Groß',
        email: `jurgen.${tag}@example.org`,
        company: 'Groß GmbH',
        phone: '+49 30 1234567',
      },
    ]);
    expect(result).toEqual({ imported: 2, duplicateMembers: [], invalidMembers: [] });
    const rows = await membersOf(siteId);
    expect(
      rows.map(({ name, email, memberNumber, company, phone, lang, credits, userGroupId, profileId }) => ({
        name,
        email,
        memberNumber,
        company,
        phone,
        lang,
        credits,
        userGroupId,
        profileId,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          name: 'Mette Æbelø',
          email: `mette.${tag}@example.org`,
          memberNumber: '17',
          company: null,
          phone: null,
          lang: 'da',
          credits: 0,
          userGroupId: null,
          profileId: null,
        },
        {
          name: 'Jürgen Groß',
          email: `jurgen.${tag}@example.org`,
          memberNumber: null,
          company: 'Groß GmbH',
          phone: '+49 30 1234567',
          lang: 'da',
          credits: 0,
          userGroupId: null,
          profileId: null,
        },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('checks every row again: invalid rows are listed and never imported', async () => {
    const { siteId, token } = await freshSite(rt);
    const good = memberEmail('good');
    const result = await imported(token, siteId, [
      { name: 'No Email', email: '' },
      { name: 'Bad Email', email: 'bad@' },
      { name: '   ', email: memberEmail('noname') },
      { name: 'Good', email: good },
    ]);
    expect(result.imported).toBe(1);
    expect(result.invalidMembers).toEqual([
      { name: 'No Email', email: '', message: expect.any(String) },
      { name: 'Bad Email', email: 'bad@', message: 'Please enter a valid email address' },
      { name: '', email: expect.stringMatching(/^noname-/), message: 'This field is required' },
    ]);
    expect((await membersOf(siteId)).map((row) => row.email)).toEqual([good]);
  });

  it('lists rows repeated in the file and emails the site already has as duplicates, importing neither', async () => {
    const { siteId, token } = await freshSite(rt);
    const existing = await createMember(rt, token, siteId, { name: 'Already Here' });
    const fresh = memberEmail('fresh');
    const result = await imported(token, siteId, [
      { name: 'First', email: fresh },
      { name: 'Again', email: ` ${fresh.toUpperCase()}` },
      { name: 'Old One', email: existing.email.toUpperCase() },
    ]);
    expect(result.imported).toBe(1);
    expect(result.duplicateMembers).toEqual([
      { name: 'Again', email: fresh, reason: 'file' },
      { name: 'Old One', email: existing.email, reason: 'existing' },
    ]);
    const rows = await membersOf(siteId);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.email === fresh)?.name).toBe('First');
    expect(rows.find((row) => row.email === existing.email)?.name).toBe('Already Here');
  });

  it('never duplicates a member when two imports of the same emails run at once', async () => {
    const { siteId, token } = await freshSite(rt);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      name: `Racer ${i}`,
      email: memberEmail(`race${i}`),
    }));
    const [a, b] = await Promise.all([
      imported(token, siteId, rows),
      imported(token, siteId, [...rows].reverse()),
    ]);
    expect(a.imported + b.imported).toBe(3000);
    expect(a.duplicateMembers.length + b.duplicateMembers.length).toBe(3000);
    expect(await countOf(siteId)).toBe(3000);
  });

  it('imports 10,000 rows in one call', async () => {
    const { siteId, token } = await freshSite(rt);
    const tag = uniqueTag();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Medlem ${i} Østergård`,
      email: `m${i}.${tag}@example.org`,
      memberNumber: String(100_000 + i),
      company: i % 3 ? `Firma ${i % 97} ApS` : null,
      phone: `+45 ${String(20_000_000 + i)}`,
    }));
    const result = await imported(token, siteId, rows);
    expect(result).toEqual({ imported: 10_000, duplicateMembers: [], invalidMembers: [] });
    expect(await countOf(siteId)).toBe(10_000);
  });

  it('accepts a body above the server-wide 5 MB limit (20,000 rows with long fields)', async () => {
    const { siteId, token } = await freshSite(rt);
    const filler = 'x'.repeat(300);
    // Invalid emails keep the test about the body size: nothing is written.
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      name: `${filler} ${i}`,
      email: `not-an-email-${i}`,
    }));
    const res = await importRows(token, siteId, rows);
    expect(Buffer.byteLength(JSON.stringify({ members: rows }))).toBeGreaterThan(5 * 1024 * 1024);
    expect(res.statusCode).toBe(200);
    const result = res.json<MemberImportResult>();
    expect(result.imported).toBe(0);
    expect(result.invalidMembers).toHaveLength(20_000);
    expect(await countOf(siteId)).toBe(0);
  });

  it('refuses more than 20,000 rows, no rows and rows without an email field', async () => {
    const { siteId, token } = await freshSite(rt);
    const tooMany = Array.from({ length: 20_001 }, (_, i) => ({ name: 'N', email: `n${i}@example.org` }));
    expect((await importRows(token, siteId, tooMany)).statusCode).toBe(400);
    expect((await importRows(token, siteId, [])).statusCode).toBe(400);
    const res = await membersApi(rt, 'POST', '/import', token, siteId, { members: [{ name: 'N' }] });
    expect(res.statusCode).toBe(400);
    expect(await countOf(siteId)).toBe(0);
  });

  it('is refused to role basic', async () => {
    const email = memberEmail('basic');
    const res = await importRows(f.staff, f.demoId, [{ name: 'Basic', email }]);
    expect(res.statusCode).toBe(403);
    expect(
      await rt.ctx.db
        .select()
        .from(members)
        .where(inArray(members.email, [email])),
    ).toEqual([]);
  });
});
