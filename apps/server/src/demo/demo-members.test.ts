import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Runtime } from '../runtime';
import { startTestServer } from '../../test/helpers';
import { hashToken, randomToken } from '../lib/tokens';
import { codes } from '../db/tables/codes';
import { devices } from '../db/tables/devices';
import { profiles } from '../db/tables/profiles';
import { sites } from '../db/tables/sites';
import { userGroups } from '../db/tables/user-groups';
import { DEMO_FIXED_MEMBERS, DEMO_MASTER_KEY, seedDemoMembers } from './demo-members';
import { members } from '../db/tables/members';

let rt: Runtime;
let demoId: string;
let secondId: string;

/** A club like the demo's own (which the suite's seed may already have filled), with `carts` carts. */
async function club(
  keypadEnabled: boolean,
  lang: string,
  carts: number,
  masterUnlock: string,
): Promise<string> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: `Demo Members ${randomUUID().slice(0, 8)}`,
      country: 'Denmark',
      currency: 'DKK',
      centerLatLong: '55.676100, 12.568300',
      timezone: 'Europe/Copenhagen',
      openingHours: Array.from({ length: 7 }, () => null),
      lang,
      keypadEnabled,
      masterUnlock,
    })
    .returning();
  await rt.ctx.db.insert(devices).values(
    Array.from({ length: carts }, (_, i) => ({
      serial: `DEMO-MEMBERS-${randomUUID()}`,
      secretHash: hashToken(randomToken()),
      siteId: site!.id,
      carNumber: String(i + 1),
    })),
  );
  return site!.id;
}

const membersOf = (siteId: string) => rt.ctx.db.select().from(members).where(eq(members.siteId, siteId));
const codesOf = (siteId: string) => rt.ctx.db.select().from(codes).where(eq(codes.siteId, siteId));

beforeAll(async () => {
  rt = await startTestServer();
  demoId = await club(false, 'en', 16, '246810');
  secondId = await club(true, 'cs', 4, '975310');
  await seedDemoMembers(rt.ctx.db, { demo: demoId, second: secondId });
});
afterAll(() => rt.stop());

describe('seedDemoMembers', () => {
  it('gives each club about 120 members with unique emails in its language, Nordic and German letters included', async () => {
    for (const [siteId, lang] of [
      [demoId, 'en'],
      [secondId, 'cs'],
    ] as const) {
      const rows = await membersOf(siteId);
      expect(rows.length).toBeGreaterThanOrEqual(100);
      expect(rows.length).toBeLessThanOrEqual(150);
      expect(new Set(rows.map((row) => row.email)).size).toBe(rows.length);
      expect(rows.every((row) => row.lang === lang && row.email === row.email.trim().toLowerCase())).toBe(
        true,
      );
      const letters = rows.map((row) => row.name).join('');
      for (const letter of ['ø', 'ü']) expect(letters).toContain(letter);
      expect(/[æåäöß]/.test(letters)).toBe(true);
    }
  });

  it('varies credits: unlimited, none, and 5 to 20', async () => {
    for (const siteId of [demoId, secondId]) {
      const credits = (await membersOf(siteId)).map((row) => row.credits);
      expect(credits).toContain(-1);
      expect(credits).toContain(0);
      expect(credits.some((n) => n >= 5 && n <= 20)).toBe(true);
      expect(credits.every((n) => n === -1 || n === 0 || (n >= 5 && n <= 20) || n === 10)).toBe(true);
    }
  });

  it('shows member numbers on the virtual-key club, company and phone on the keypad club', async () => {
    const demo = await membersOf(demoId);
    expect(demo.every((row) => row.memberNumber !== null)).toBe(true);
    const second = await membersOf(secondId);
    expect(second.every((row) => row.memberNumber === null)).toBe(true);
    expect(second.filter((row) => row.company !== null).length).toBeGreaterThan(20);
    expect(second.filter((row) => row.phone !== null).length).toBeGreaterThan(100);
    expect(second.some((row) => row.induction) && second.some((row) => !row.induction)).toBe(true);
  });

  it("creates the clubs' user groups and puts members in them, leaving some guests", async () => {
    const groupNames = async (siteId: string) =>
      (await rt.ctx.db.select().from(userGroups).where(eq(userGroups.siteId, siteId)))
        .map((g) => g.name)
        .sort();
    expect(await groupNames(demoId)).toEqual(['Juniors', 'Members']);
    expect(await groupNames(secondId)).toEqual(['Members']);
    const demo = await membersOf(demoId);
    const inGroups = new Set(demo.map((row) => row.userGroupId));
    expect(inGroups.size).toBe(3); // Members, Juniors, guest
    expect(inGroups).toContain(null);
  });

  it('gives about a third a code of the club’s kind, some for all carts and some for named ones', async () => {
    const demoCodes = await codesOf(demoId);
    const demoMembers = await membersOf(demoId);
    expect(new Set(demoCodes.map((code) => code.type))).toEqual(new Set(['virtualKey']));
    expect(demoCodes.length).toBeGreaterThan(demoMembers.length / 5);
    expect(demoCodes.length).toBeLessThan(demoMembers.length / 2);

    const secondCodes = await codesOf(secondId);
    expect(new Set(secondCodes.map((code) => code.type))).toEqual(new Set(['keypad', 'rfid']));
    for (const [list, carts] of [
      [demoCodes, 16],
      [secondCodes, 4],
    ] as const) {
      expect(list.some((code) => code.allDevices)).toBe(true);
      const named = list.filter((code) => !code.allDevices);
      expect(named.length).toBeGreaterThan(0);
      for (const code of named) {
        expect(code.devices.length).toBeGreaterThan(0);
        for (const car of code.devices) expect(Number(car)).toBeGreaterThanOrEqual(1);
        for (const car of code.devices) expect(Number(car)).toBeLessThanOrEqual(carts);
      }
    }
    for (const code of [...demoCodes, ...secondCodes.filter((c) => c.type === 'keypad')])
      expect(code.code).toMatch(/^\d{6}$/);
  });

  it('never gives a random member a fixed code, the master code or a code twice', async () => {
    for (const [siteId, master] of [
      [demoId, '246810'],
      [secondId, '975310'],
    ] as const) {
      const list = await codesOf(siteId);
      expect(new Set(list.map((code) => code.code)).size).toBe(list.length);
      expect(list.map((code) => code.code)).not.toContain(master);
      const fixedCodes = list.filter((code) =>
        [DEMO_FIXED_MEMBERS.demo.code, DEMO_FIXED_MEMBERS.second.code].includes(code.code as never),
      );
      expect(fixedCodes).toHaveLength(1);
    }
  });

  it('seeds the documented members: Anna Müller (virtual key), the marshal (master key) and Erik Sørensen (keypad)', async () => {
    const fixed = async (siteId: string, email: string) => {
      const [member] = await rt.ctx.db
        .select()
        .from(members)
        .where(and(eq(members.email, email), eq(members.siteId, siteId)));
      const memberCodes = await rt.ctx.db.select().from(codes).where(eq(codes.memberId, member!.id));
      return { member: member!, codes: memberCodes };
    };
    const anna = await fixed(demoId, 'anna@example.com');
    expect(anna.member).toMatchObject({ name: 'Anna Müller', credits: 10 });
    expect(anna.codes).toMatchObject([
      { type: 'virtualKey', code: '135790', allDevices: true, enabled: true },
    ]);
    const marshal = await fixed(demoId, DEMO_MASTER_KEY.email);
    expect(marshal.member).toMatchObject({ name: DEMO_MASTER_KEY.name, credits: -1 });
    expect(marshal.codes).toMatchObject([
      { type: 'virtualKey', code: DEMO_MASTER_KEY.code, master: true, allDevices: true, enabled: true },
    ]);
    const erik = await fixed(secondId, 'erik@example.com');
    expect(erik.member).toMatchObject({ name: 'Erik Sørensen', credits: -1 });
    expect(erik.codes).toMatchObject([{ type: 'keypad', code: '482913', allDevices: true, enabled: true }]);
  });

  it('adds app profiles with some members’ emails, some of them linked already', async () => {
    for (const siteId of [demoId, secondId]) {
      const rows = await membersOf(siteId);
      const withProfile = await rt.ctx.db
        .select()
        .from(profiles)
        .where(
          inArray(
            profiles.email,
            rows.map((row) => row.email),
          ),
        );
      expect(withProfile.length).toBeGreaterThanOrEqual(4);
      const linked = rows.filter((row) => row.profileId !== null);
      expect(linked.length).toBeGreaterThan(0);
      expect(linked.length).toBeLessThan(withProfile.length);
      for (const member of linked)
        expect(withProfile.find((profile) => profile.id === member.profileId)?.email).toBe(member.email);
    }
  });

  it('changes nothing when called again', async () => {
    const before = { members: await membersOf(demoId), codes: await codesOf(secondId) };
    await seedDemoMembers(rt.ctx.db, { demo: demoId, second: secondId });
    expect(await membersOf(demoId)).toEqual(before.members);
    expect(await codesOf(secondId)).toEqual(before.codes);
  });
});
