import { randomUUID } from 'node:crypto';
import type { Runtime } from '../runtime';
import { hashToken, randomToken } from '../lib/tokens';
import { devices } from '../db/tables/devices';
import { sites } from '../db/tables/sites';

export const DEMO_TZ = 'Europe/London';
/** The demo club's hours: closed on Sundays, 06:30–20:30 on the other days. */
export const DEMO_HOURS = [
  null,
  ...Array.from({ length: 6 }, () => ({ openTime: '06:30', closeTime: '20:30' })),
];

/**
 * A club like the demo's own, with `carts` numbered carts, for the demo seeding tests (the suite's shared demo
 * club stays as the other tests expect it). `label` names it, to tell test runs apart.
 */
export async function demoLikeSite(rt: Runtime, label: string, carts: number): Promise<string> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: `${label} ${randomUUID().slice(0, 8)}`,
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong: '56.349800, -2.813500',
      timezone: DEMO_TZ,
      openingHours: DEMO_HOURS,
      membersModule: true,
    })
    .returning();
  await rt.ctx.db.insert(devices).values(
    Array.from({ length: carts }, (_, i) => ({
      serial: `${label.toUpperCase().replaceAll(' ', '-')}-${randomUUID()}`,
      secretHash: hashToken(randomToken()),
      siteId: site!.id,
      carNumber: String(i + 1),
    })),
  );
  return site!.id;
}
