import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { RANDOM_CODE_MAX, RANDOM_CODE_MIN, UNLIMITED_CREDITS, type CodeType } from '@fairway/domain';
import { codes } from '../db/tables/codes';
import { devices } from '../db/tables/devices';
import { profiles } from '../db/tables/profiles';
import { sites } from '../db/tables/sites';
import { userGroups } from '../db/tables/user-groups';
import type { DbExecutor } from '../db/client';
import { COMPANIES, emailLocalPart, FIRST_NAMES, LAST_NAMES, PHONE, type Origin } from './demo-member-names';
import { members } from '../db/tables/members';
import { defaultMemberLang } from '../modules/members/members.service';

/**
 * One member per demo club that end-to-end tests and the docs rely on. The random demo members never use
 * their emails or codes.
 */
export const DEMO_FIXED_MEMBERS = {
  /** Demo Golf Club (virtual keys): opens every cart with the virtual key, 10 rides left. */
  demo: { name: 'Anna Müller', email: 'anna@example.com', type: 'virtualKey', code: '135790', credits: 10 },
  /** Second Club (keypad): opens every cart at the keypad, unlimited rides. */
  second: {
    name: 'Erik Sørensen',
    email: 'erik@example.com',
    type: 'keypad',
    code: '482913',
    credits: UNLIMITED_CREDITS,
  },
} as const satisfies Record<string, FixedMember>;

/**
 * The Demo Golf Club's marshal: a master virtual key (issue 18), which on the guest portal locks and unlocks
 * any cart, booked ones and on closed days too. Unlimited, like every master key.
 */
export const DEMO_MASTER_KEY = {
  name: 'Jonas Weber',
  email: 'marshal@example.com',
  code: '864200',
} as const;

interface FixedMember {
  name: string;
  email: string;
  type: CodeType;
  code: string;
  credits: number;
}

interface SitePlan {
  /** The same seed gives the same members on every install. */
  seed: number;
  /** Groups and the share of members in each; the rest are guests. */
  groups: ReadonlyArray<{ name: string; share: number }>;
  /** The members' mix of name origins. */
  origins: readonly Origin[];
  /** Virtual-key clubs show member numbers; keypad clubs company, phone and induction (spec §2). */
  keypad: boolean;
  fixed: FixedMember;
  /** a member holding a master virtual key */
  master?: { name: string; email: string; code: string };
}

const RANDOM_MEMBERS = 119;
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'];

const PLANS = {
  demo: {
    seed: 117,
    groups: [
      { name: 'Members', share: 0.6 },
      { name: 'Juniors', share: 0.15 },
    ],
    origins: ['en', 'en', 'da', 'de'],
    keypad: false,
    fixed: DEMO_FIXED_MEMBERS.demo,
    master: DEMO_MASTER_KEY,
  },
  second: {
    seed: 229,
    groups: [{ name: 'Members', share: 0.7 }],
    origins: ['da', 'de', 'en'],
    keypad: true,
    fixed: DEMO_FIXED_MEMBERS.second,
  },
} satisfies Record<string, SitePlan>;

/**
 * The demo clubs' members, user groups, codes and a few consumer-app profiles with the same emails (some
 * linked, so Link Members and Unlink Members both have work). A club that has any member already is left
 * as it is, so calling this again changes nothing.
 */
export async function seedDemoMembers(
  db: DbExecutor,
  siteIds: { demo: string; second: string },
): Promise<void> {
  await seedSite(db, siteIds.demo, PLANS.demo);
  await seedSite(db, siteIds.second, PLANS.second);
}

async function seedSite(db: DbExecutor, siteId: string, plan: SitePlan): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(members).where(eq(members.siteId, siteId));
    if (existing!.n > 0) return;
    const random = seededRandom(plan.seed);
    const groupIds = await ensureGroups(
      tx,
      siteId,
      plan.groups.map((group) => group.name),
    );
    const site = await siteFacts(tx, siteId);
    const people = demoPeople(random, plan, groupIds, site.lang);

    const inserted = await tx
      .insert(members)
      .values(people.map(({ code: _code, ...person }) => ({ ...person, siteId })))
      .returning({ id: members.id, email: members.email, name: members.name });
    const idOf = new Map(inserted.map((row) => [row.email, row.id]));

    const taken = new Set([
      ...site.reservedCodes,
      DEMO_FIXED_MEMBERS.demo.code,
      DEMO_FIXED_MEMBERS.second.code,
      DEMO_MASTER_KEY.code,
    ]);
    /** A code of the site no one has; `digits()` draws candidates. */
    const unused = (digits: () => number) => {
      for (;;) {
        const code = String(digits());
        if (taken.has(code)) continue;
        taken.add(code);
        return code;
      }
    };
    const newCode = () =>
      unused(() => RANDOM_CODE_MIN + Math.floor(random() * (RANDOM_CODE_MAX - RANDOM_CODE_MIN + 1)));
    // RFID tags as a reader prints them: ten digits.
    const newTag = () => unused(() => 1_000_000_000 + Math.floor(random() * 9_000_000_000));
    const codeRows = people.flatMap((person) => {
      const memberId = idOf.get(person.email)!;
      if (person.email === plan.fixed.email)
        return [{ siteId, memberId, type: plan.fixed.type, code: plan.fixed.code, allDevices: true }];
      if (person.email === plan.master?.email)
        return [
          {
            siteId,
            memberId,
            type: 'virtualKey' as const,
            code: plan.master.code,
            allDevices: true,
            master: true,
          },
        ];
      if (!person.code) return [];
      const carts = cartsFor(random, site.carNumbers);
      const enabled = random() > 0.1;
      const rows: Array<typeof codes.$inferInsert> = [
        { siteId, memberId, type: plan.keypad ? 'keypad' : 'virtualKey', code: newCode(), enabled, ...carts },
      ];
      if (plan.keypad && random() < 0.25)
        rows.push({ siteId, memberId, type: 'rfid', code: newTag(), enabled, ...carts });
      return rows;
    });
    if (codeRows.length > 0) await tx.insert(codes).values(codeRows);

    await seedProfiles(
      tx,
      inserted.filter((row) => row.email !== plan.fixed.email && row.email !== plan.master?.email),
    );
  });
}

interface DemoPerson extends Omit<typeof members.$inferInsert, 'siteId'> {
  email: string;
  /** Whether the member gets a code (about a third do). */
  code: boolean;
}

function demoPeople(
  random: () => number,
  plan: SitePlan,
  groupIds: string[],
  siteLang: string,
): DemoPerson[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const emails = new Set<string>([plan.fixed.email]);
  const lang = defaultMemberLang(siteLang);
  const people: DemoPerson[] = [
    {
      name: plan.fixed.name,
      email: plan.fixed.email,
      credits: plan.fixed.credits,
      memberNumber: plan.keypad ? null : '1000',
      company: null,
      phone: null,
      induction: plan.keypad,
      userGroupId: groupIds[0] ?? null,
      lang,
      code: true,
    },
  ];
  // Added without drawing from `random`, so every other demo member stays as it was.
  if (plan.master) {
    emails.add(plan.master.email);
    people.push({
      name: plan.master.name,
      email: plan.master.email,
      credits: UNLIMITED_CREDITS,
      memberNumber: '999',
      company: null,
      phone: null,
      induction: false,
      userGroupId: null,
      lang,
      code: true,
    });
  }
  for (let i = 0; i < RANDOM_MEMBERS; i++) {
    const origin = pick(plan.origins);
    const [first, last] = [pick(FIRST_NAMES[origin]), pick(LAST_NAMES[origin])];
    const local = emailLocalPart(first, last);
    let email = `${local}@${pick(EMAIL_DOMAINS)}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${pick(EMAIL_DOMAINS)}`;
    emails.add(email);
    const digits = String(Math.floor(random() * 100_000_000)).padStart(8, '0');
    people.push({
      name: `${first} ${last}`,
      email,
      memberNumber: plan.keypad ? null : String(1001 + i),
      company: plan.keypad && random() < 0.6 ? pick(COMPANIES[origin]) : null,
      phone: plan.keypad || random() < 0.3 ? PHONE[origin](digits) : null,
      induction: plan.keypad && random() < 0.7,
      userGroupId: groupFor(random(), plan.groups, groupIds),
      credits: demoCredits(random()),
      lang,
      code: random() < 1 / 3,
    });
  }
  return people;
}

/** About one in seven unlimited, three in ten without rides left, the rest 5–20 rides. */
function demoCredits(draw: number): number {
  if (draw < 0.15) return UNLIMITED_CREDITS;
  if (draw < 0.45) return 0;
  return 5 + Math.floor(((draw - 0.45) / 0.55) * 16);
}

function groupFor(draw: number, groups: SitePlan['groups'], ids: string[]): string | null {
  let upTo = 0;
  for (const [index, group] of groups.entries()) {
    upTo += group.share;
    if (draw < upTo) return ids[index]!;
  }
  return null;
}

/** Half the codes open every cart; the others one to four of the club's carts. */
function cartsFor(random: () => number, carNumbers: string[]): { allDevices: boolean; devices: string[] } {
  if (carNumbers.length === 0 || random() < 0.5) return { allDevices: true, devices: [] };
  const pool = [...carNumbers];
  const wanted = 1 + Math.floor(random() * Math.min(4, pool.length));
  // A partial Fisher–Yates shuffle: the first `wanted` of the pool become a fair random pick.
  for (let i = 0; i < wanted; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return { allDevices: false, devices: pool.slice(0, wanted).sort((a, b) => Number(a) - Number(b)) };
}

async function ensureGroups(tx: DbExecutor, siteId: string, names: string[]): Promise<string[]> {
  await tx
    .insert(userGroups)
    .values(names.map((name) => ({ siteId, name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(eq(userGroups.siteId, siteId), inArray(userGroups.name, names)));
  return names.map((name) => rows.find((row) => row.name === name)!.id);
}

/** The club's language, its carts' numbers, and codes a member's code must not equal (master, carts'). */
async function siteFacts(tx: DbExecutor, siteId: string) {
  const [site] = await tx
    .select({ lang: sites.lang, master: sites.masterUnlock })
    .from(sites)
    .where(eq(sites.id, siteId));
  const carts = await tx
    .select({ carNumber: devices.carNumber, lockCode: devices.lockCode })
    .from(devices)
    .where(and(eq(devices.siteId, siteId), isNotNull(devices.carNumber)));
  return {
    lang: site?.lang ?? 'en',
    carNumbers: carts.map((cart) => cart.carNumber!).sort((a, b) => Number(a) - Number(b)),
    reservedCodes: [site?.master, ...carts.map((cart) => cart.lockCode)].filter(
      (code): code is string => !!code,
    ),
  };
}

/** Every 12th member also has an app profile with the same email; every other one of those is linked. */
async function seedProfiles(
  tx: DbExecutor,
  seeded: Array<{ id: string; email: string; name: string }>,
): Promise<void> {
  const chosen = seeded.filter((_, index) => index % 12 === 5);
  if (chosen.length === 0) return;
  await tx
    .insert(profiles)
    .values(
      chosen.map((member) => {
        const [firstName = '', ...rest] = member.name.split(' ');
        return { email: member.email, firstName, lastName: rest.join(' ') };
      }),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(
      inArray(
        profiles.email,
        chosen.map((member) => member.email),
      ),
    );
  for (const [index, member] of chosen.entries()) {
    if (index % 2 === 1) continue;
    const profile = rows.find((row) => row.email === member.email);
    if (profile) await tx.update(members).set({ profileId: profile.id }).where(eq(members.id, member.id));
  }
}

/** mulberry32: a small seeded generator, so the demo members are the same on every install. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
