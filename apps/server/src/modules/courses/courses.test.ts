import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseHole, CourseView, Role } from '@fairway/domain';
import { SECOND_COURSE, courseCentreLatLong } from '@fairway/simulator';
import { asUser, loginAs, startTestServer } from '../../../test/helpers';
import { connectSocket, request } from '../../../test/fleet-fixtures';
import { activity } from '../../db/tables/activity';
import { devices } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';
import { demoCourseHoles, seedDemoCourses } from '../../demo/demo-courses';
import { hashToken, randomToken } from '../../lib/tokens';
import type { Runtime } from '../../runtime';
import { createUser, TEST_PASSWORD } from '../users/users.test-support';

let rt: Runtime;
let siteId: string;
let otherSiteId: string;
const tokens = {} as Record<'basic' | 'user' | 'service' | 'admin' | 'otherAdmin' | 'superadmin', string>;

/** The test clubs sit on the Old Course, St Andrews ('lat, long'). */
const CENTRE = { lat: 56.3498, lng: -2.8135 };

async function insertSite(
  name: string,
  centerLatLong = `${CENTRE.lat.toFixed(6)}, ${CENTRE.lng.toFixed(6)}`,
): Promise<string> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: `${name} ${randomUUID().slice(0, 8)}`,
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong,
      timezone: 'Europe/London',
      openingHours: Array.from({ length: 7 }, () => ({ openTime: '00:00', closeTime: '23:59' })),
    })
    .returning();
  return site!.id;
}

async function tokenFor(role: Role, sites: string[]): Promise<string> {
  const user = await createUser(rt, { role, sites });
  return loginAs(rt, user.email, TEST_PASSWORD);
}

beforeAll(async () => {
  rt = await startTestServer();
  [siteId, otherSiteId] = await Promise.all([insertSite('Course Club'), insertSite('Other Club')]);
  [tokens.basic, tokens.user, tokens.service, tokens.admin, tokens.otherAdmin, tokens.superadmin] =
    await Promise.all([
      tokenFor('basic', [siteId]),
      tokenFor('user', [siteId]),
      tokenFor('service', [siteId]),
      tokenFor('admin', [siteId]),
      tokenFor('admin', [otherSiteId]),
      loginAs(rt, 'superadmin@example.com'),
    ]);
});
afterAll(() => rt.stop());

/** [lng, lat] `east` and `north` metres from the club's centre. */
const at = (east: number, north: number): [number, number] => [
  CENTRE.lng + east / (111_195 * Math.cos((CENTRE.lat * Math.PI) / 180)),
  CENTRE.lat + north / 111_195,
];
/** A straight hole of `length` metres running north, `east` metres east of the centre. */
function hole(number: number, east: number, length = 300, par = 4): CourseHole {
  const tee = at(east, 0);
  const green = at(east, length);
  return { number, par, tee, green, fairway: [tee, at(east + 10, length / 2), green] };
}

const get = (token: string, site = siteId) =>
  rt.app.inject({ url: '/api/dashboard/sites/course', headers: asUser(token, site) });
const put = (token: string, body: unknown, site = siteId) =>
  rt.app.inject({
    method: 'PUT',
    url: '/api/dashboard/sites/course',
    headers: asUser(token, site),
    payload: body as object,
  });
const stored = async (site = siteId) => (await get(tokens.superadmin, site)).json<CourseView>();
const activityOf = (site: string) =>
  rt.ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.siteId, site), eq(activity.type, 'course_updated')));

describe('GET /api/dashboard/sites/course', () => {
  it('answers no holes and no date for a site without a layout, to role user and up', async () => {
    for (const token of [tokens.user, tokens.service, tokens.admin]) {
      const res = await get(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ siteId, holes: [], updatedAt: null });
    }
  });

  it('is refused to role basic and to an admin of another site', async () => {
    expect((await get(tokens.basic)).statusCode).toBe(403);
    expect((await get(tokens.otherAdmin)).statusCode).toBe(403);
  });
});

describe('PUT /api/dashboard/sites/course', () => {
  it('replaces the layout in hole order, rounded as stored, logs it and pushes course:update', async () => {
    const socket = await connectSocket(rt, tokens.user);
    try {
      expect(await request(socket, 'join:site', siteId)).toEqual({ ok: true });
      const pushed = new Promise<CourseView>((resolve) => socket.on('course:update', resolve));
      const nudged = hole(2, 100);
      nudged.tee = [nudged.tee[0] + 4e-8, nudged.tee[1]];
      const res = await put(tokens.admin, { holes: [nudged, hole(1, 0, 180, 3)] });
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json<CourseView>();
      expect(view.siteId).toBe(siteId);
      expect(view.holes.map((h) => [h.number, h.par])).toEqual([
        [1, 3],
        [2, 4],
      ]);
      // Rounded to 6 decimals, the nudged tee meets its fairway's first point again.
      expect(view.holes[1]!.tee).toEqual(view.holes[1]!.fairway[0]);
      for (const [lng, lat] of view.holes.flatMap((h) => h.fairway)) {
        expect(Number(lng.toFixed(6))).toBe(lng);
        expect(Number(lat.toFixed(6))).toBe(lat);
      }
      expect(view.updatedAt).not.toBeNull();
      expect(await stored()).toEqual(view);
      expect(await pushed).toEqual(view);
    } finally {
      socket.close();
    }
    const [entry] = await activityOf(siteId);
    expect(entry).toMatchObject({ deviceId: null, data: { holes: 2 } });
    expect(entry!.message).toMatch(/^Course layout saved by .+: 2 holes$/);
    expect(await rt.ctx.courses.holesOf(siteId)).toEqual((await stored()).holes);
  });

  it('is refused to role user and service, and to an admin of another site, changing nothing', async () => {
    const before = await stored();
    for (const token of [tokens.user, tokens.service, tokens.otherAdmin]) {
      const res = await put(token, { holes: [hole(1, 200)] });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 400 with a clear message for duplicate numbers and bad positions, changing nothing', async () => {
    const before = await stored();
    const logged = (await activityOf(siteId)).length;
    const far = hole(1, 0);
    // Latitude and longitude swapped: thousands of kilometres from the club.
    const swapped = { ...far, tee: [far.tee[1], far.tee[0]], fairway: [[far.tee[1], far.tee[0]], far.green] };
    const cases: Array<[unknown, RegExp, string | undefined]> = [
      [
        { holes: [hole(1, 0), hole(1, 100)] },
        /Hole numbers must be unique: hole 1 appears more than once/,
        undefined,
      ],
      [{ holes: [{ ...hole(1, 0), tee: [-2.81, 91] }] }, /^holes\.0\.tee/, undefined],
      [
        { holes: [swapped] },
        /^holes: Hole 1: position \[56\.3498, -2\.8135\] is \d+ km from the site's centre/,
        'farFromSite',
      ],
      [
        { holes: [{ ...hole(3, 0), fairway: hole(3, 0).fairway.slice(1) }] },
        /Hole 3: the fairway must start at the tee/,
        'fairwayEnds',
      ],
      [{ holes: [{ ...hole(1, 0), fairway: [at(0, 0)] }] }, /^holes\.0\.fairway/, undefined],
      [{ holes: [{ ...hole(1, 0), par: 2 }] }, /^holes\.0\.par/, undefined],
    ];
    for (const [body, message, code] of cases) {
      const res = await put(tokens.admin, body);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<{ message: string; code?: string }>();
      expect(answer.message).toMatch(message);
      expect(answer.code).toBe(code);
    }
    expect(await stored()).toEqual(before);
    expect(await activityOf(siteId)).toHaveLength(logged);
  });

  it("lets a superadmin save any site's layout, and an empty list removes every hole", async () => {
    const saved = await put(tokens.superadmin, { holes: [hole(1, 0)] }, otherSiteId);
    expect(saved.statusCode, saved.body).toBe(200);
    const emptied = await put(tokens.otherAdmin, { holes: [] }, otherSiteId);
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json<CourseView>().holes).toEqual([]);
    expect(emptied.json<CourseView>().updatedAt).not.toBeNull();
    expect((await stored(siteId)).holes).toHaveLength(2);
  });
});

describe('seedDemoCourses', () => {
  it("draws a demo club's course from the simulator once, and keeps the club's own edits", async () => {
    const clubId = await insertSite('Demo Course Club', courseCentreLatLong(SECOND_COURSE));
    const prefix = `SIM-COURSE-${randomUUID().slice(0, 6)}-`;
    await rt.ctx.db.insert(devices).values({
      serial: `${prefix}01`,
      secretHash: hashToken(randomToken()),
      siteId: clubId,
      simulated: true,
    });
    const log = pino({ level: 'silent' });
    const clubs: Array<[string, typeof SECOND_COURSE]> = [[prefix, SECOND_COURSE]];

    expect(await seedDemoCourses(rt.ctx.db, log, clubs)).toBe(1);
    const seeded = await stored(clubId);
    expect(seeded.holes).toEqual(demoCourseHoles(SECOND_COURSE));
    // Par from each hole's length, as the simulator's notes give them (par 36), positions as [lng, lat].
    expect(seeded.holes.map((h) => h.par)).toEqual([4, 3, 4, 5, 4, 3, 4, 5, 4]);
    const [lat, lng] = SECOND_COURSE.holes[0]!.tee;
    expect(seeded.holes[0]!.tee).toEqual([lng, lat]);
    expect(seeded.holes[0]!.fairway).toHaveLength(SECOND_COURSE.holes[0]!.path.length + 2);

    const edited = seeded.holes.slice(0, 3).map((h) => ({ ...h, par: 5 }));
    const admin = await tokenFor('admin', [clubId]);
    expect((await put(admin, { holes: edited }, clubId)).statusCode).toBe(200);
    expect(await seedDemoCourses(rt.ctx.db, log, clubs)).toBe(0);
    expect((await stored(clubId)).holes).toEqual(edited);
  });
});
