import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MemberView, Role } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs } from '../../../test/helpers';
import { sites } from '../../db/tables/sites';
import { createUser, TEST_PASSWORD } from '../users/users.test-support';

/**
 * Fixtures for the members, import, link and user-group API tests. They share one demo-seeded database
 * with the other test files, so every member they make has a fresh email and no test counts the demo's.
 */
export interface MemberFixtures {
  rt: Runtime;
  demoId: string;
  secondId: string;
  /** admin@example.com: admin of the demo club */
  admin: string;
  /** staff@example.com: basic on the demo club */
  staff: string;
  /** a fresh role-user account on the demo club */
  operator: string;
  /** operator2@example.com: role user on the second club */
  operator2: string;
}

export async function memberFixtures(rt: Runtime): Promise<MemberFixtures> {
  const { demo: demoId, second: secondId } = await demoSiteIds(rt);
  const [admin, staff, operator2] = (await Promise.all(
    ['admin@example.com', 'staff@example.com', 'operator2@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  const operator = await tokenFor(rt, 'user', demoId);
  return { rt, demoId, secondId, admin, staff, operator, operator2 };
}

/** A fresh account of `role` on `siteId`, logged in. */
export async function tokenFor(rt: Runtime, role: Role, siteId: string): Promise<string> {
  const user = await createUser(rt, { role, sites: [siteId] });
  return loginAs(rt, user.email, TEST_PASSWORD);
}

/** A club of its own (for counts no other test touches), with a role-user account on it. */
export async function freshSite(rt: Runtime, lang = 'da'): Promise<{ siteId: string; token: string }> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: `Members Club ${randomUUID().slice(0, 8)}`,
      country: 'Denmark',
      currency: 'DKK',
      centerLatLong: '55.676100, 12.568300',
      timezone: 'Europe/Copenhagen',
      openingHours: Array.from({ length: 7 }, () => null),
      lang,
    })
    .returning();
  return { siteId: site!.id, token: await tokenFor(rt, 'user', site!.id) };
}

export const uniqueTag = () => `t${randomUUID().replaceAll('-', '').slice(0, 10)}`;
export const memberEmail = (prefix = 'member') => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;

export const queryString = (query: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A dashboard members call as `token` on `siteId`; `path` is relative to /api/dashboard/members. */
export const membersApi = (
  rt: Runtime,
  method: Method,
  path: string,
  token: string,
  siteId: string,
  payload?: object,
) => rt.app.inject({ method, url: `/api/dashboard/members${path}`, headers: asUser(token, siteId), payload });

export async function createMember(
  rt: Runtime,
  token: string,
  siteId: string,
  body: Record<string, unknown> = {},
): Promise<MemberView> {
  const res = await membersApi(rt, 'POST', '', token, siteId, {
    name: 'Test Member',
    email: memberEmail(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MemberView>();
}
