import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SiteView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser } from '../../../test/helpers';
import { hashToken, randomToken } from '../../lib/tokens';
import { devices } from '../../db/tables/devices';
import { members } from '../../db/tables/members';
import { sites } from '../../db/tables/sites';
import { codes } from '../../db/tables/codes';

/**
 * Fixtures for the codes and code-ride tests. The test database is shared with every other test file and
 * demo-seeded, so each file makes clubs of its own (codes are unique per site, and publishing must not
 * touch the demo carts) and members with fresh emails.
 */
export const TEST_MASTER_CODE = '999999';

/** A new club made by a superadmin: keypad or not, with the test master code. */
export async function createClub(rt: Runtime, superadmin: string, keypadEnabled: boolean): Promise<string> {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/admin/sites',
    headers: asUser(superadmin),
    payload: {
      name: `Codes ${keypadEnabled ? 'Keypad ' : ''}Club ${randomUUID().slice(0, 8)}`,
      country: 'GB',
      currency: 'GBP',
      centerLatLong: '56.34, -2.8',
      timezone: 'Europe/London',
      keypadEnabled,
    },
  });
  if (res.statusCode !== 201) throw new Error(`creating a club failed: ${res.statusCode} ${res.body}`);
  const siteId = res.json<SiteView>()._id;
  await rt.ctx.db.update(sites).set({ masterUnlock: TEST_MASTER_CODE }).where(eq(sites.id, siteId));
  return siteId;
}

/** A cart row with a car number (no tracker behind it: enough for car-number checks and stored configs). */
export async function insertCart(rt: Runtime, siteId: string, carNumber: string): Promise<string> {
  const [row] = await rt.ctx.db
    .insert(devices)
    .values({
      serial: `CODES-${randomUUID().slice(0, 12)}`,
      secretHash: hashToken(randomToken()),
      siteId,
      carNumber,
    })
    .returning({ id: devices.id });
  return row!.id;
}

export type MemberRow = typeof members.$inferSelect;

export async function insertMember(
  rt: Runtime,
  siteId: string,
  values: Partial<typeof members.$inferInsert> = {},
): Promise<MemberRow> {
  const [row] = await rt.ctx.db
    .insert(members)
    .values({
      siteId,
      name: 'Test Member',
      email: `member-${randomUUID().slice(0, 8)}@example.org`,
      credits: 5,
      ...values,
    })
    .returning();
  return row!;
}

export type CodeRow = typeof codes.$inferSelect;

/** A code written straight into the table, for states the API refuses to make (an expiry on a keypad site). */
export async function insertCode(
  rt: Runtime,
  values: Pick<typeof codes.$inferInsert, 'siteId' | 'memberId' | 'type' | 'code'> &
    Partial<typeof codes.$inferInsert>,
): Promise<CodeRow> {
  const [row] = await rt.ctx.db
    .insert(codes)
    .values({ allDevices: true, ...values })
    .returning();
  return row!;
}

export async function creditsOf(rt: Runtime, memberId: string): Promise<number> {
  const [row] = await rt.ctx.db
    .select({ credits: members.credits })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.credits;
}

let nextCode = 100_000 + Math.floor(Math.random() * 700_000);
/** A 6-digit code not used before in this test file (every file has clubs of its own). */
export const freshCode = (): string => String(nextCode++);
