import { and, eq, inArray } from 'drizzle-orm';
import { serviceBody } from '@fairway/domain';
import type { DbExecutor } from '../db/client';
import { userGroups } from '../db/tables/user-groups';
import { prices, services } from '../db/tables/services';

/** A demo price: amount in major units of the club's currency; `group` names a seeded user group. */
interface DemoPrice {
  name: string;
  amount: number;
  group: string | null;
  credits?: number;
  /** Monday–Saturday from 16:00: the guest prices page shows it among the special rates. */
  twilight?: boolean;
}

const TWILIGHT = [1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '16:00', end: '24:00' }));

/** What each demo club sells. St Andrews prices in GBP, Karlštejn in CZK (both with 2 minor units). */
const CATALOGUES: Record<
  'demo' | 'second',
  Array<{ name: string; duration: number; prices: DemoPrice[] }>
> = {
  demo: [
    {
      name: '18 holes',
      duration: 270,
      prices: [
        { name: 'Guest', amount: 40, group: null },
        { name: 'Twilight', amount: 25, group: null, twilight: true },
        { name: 'Members', amount: 20, group: 'Members', credits: 1 },
        { name: 'Juniors', amount: 10, group: 'Juniors', credits: 1 },
      ],
    },
    {
      name: '9 holes',
      duration: 150,
      prices: [
        { name: 'Guest', amount: 25, group: null },
        { name: 'Members', amount: 12.5, group: 'Members', credits: 1 },
      ],
    },
  ],
  second: [
    {
      name: '18 jamek',
      duration: 270,
      prices: [
        { name: 'Host', amount: 1200, group: null },
        { name: 'Členové', amount: 600, group: 'Members', credits: 1 },
      ],
    },
    {
      name: '9 jamek',
      duration: 150,
      prices: [
        { name: 'Host', amount: 700, group: null },
        { name: 'Členové', amount: 350, group: 'Members', credits: 1 },
      ],
    },
  ],
};

/**
 * The demo clubs' services and prices, after their user groups exist. Each catalogue goes through the same
 * schema as the API (`serviceBody`), so the demo never holds a price the settings page would refuse.
 */
export async function seedDemoServices(db: DbExecutor, siteIds: { demo: string; second: string }) {
  for (const club of ['demo', 'second'] as const) {
    const siteId = siteIds[club];
    const groups = await db
      .select({ id: userGroups.id, name: userGroups.name })
      .from(userGroups)
      .where(and(eq(userGroups.siteId, siteId), inArray(userGroups.name, ['Members', 'Juniors'])));
    const groupId = (name: string | null) => (name ? groups.find((group) => group.name === name)!.id : null);
    for (const entry of CATALOGUES[club]) {
      const body = serviceBody.parse({
        name: entry.name,
        duration: entry.duration,
        prices: entry.prices.map((price) => ({
          name: price.name,
          amount: Math.round(price.amount * 100),
          credits: price.credits ?? null,
          userGroup: groupId(price.group),
          availableTimes: price.twilight ? TWILIGHT : [],
        })),
      });
      const [service] = await db
        .insert(services)
        .values({ siteId, name: body.name, duration: body.duration })
        .returning({ id: services.id });
      await db.insert(prices).values(
        body.prices.map((price) => ({
          serviceId: service!.id,
          name: price.name,
          amount: price.amount,
          credits: price.credits,
          description: price.description,
          userGroupId: price.userGroup,
          availableTimes: price.availableTimes,
        })),
      );
    }
  }
}
