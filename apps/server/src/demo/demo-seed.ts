import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Role } from '@fairway/domain';
import type { Db } from '../db/client';
import { hashToken, randomToken } from '../lib/tokens';
import { hashPassword } from '../lib/passwords';
import { devices } from '../db/tables/devices';
import { seedDemoMembers } from './demo-members';
import { sandboxAccounts } from '../db/tables/sandbox';
import { seedDemoServices } from './demo-services';
import { seedDemoPayments } from './demo-payments';
import { seedDemoRideHistory } from './demo-ride-history';
import { demoClubId, refreshDemoBookings } from './demo-bookings';
import { newSandboxId } from '../modules/payments/sandbox/sandbox-ids';
import { sites, type OpeningHours } from '../db/tables/sites';
import { users } from '../db/tables/users';
import type { DbExecutor } from '../db/client';
import { platformSecrets } from '../db/tables/platform';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS: Array<{ email: string; role: Role; site: 'demo' | 'second' | 'all' }> = [
  { email: 'superadmin@example.com', role: 'superadmin', site: 'all' },
  { email: 'admin@example.com', role: 'admin', site: 'demo' },
  { email: 'staff@example.com', role: 'basic', site: 'demo' },
  { email: 'operator2@example.com', role: 'user', site: 'second' },
];

/** Serial prefixes of the simulated carts; the demo fleet picks each cart's course by them. */
export const DEMO_SERIAL_PREFIX = 'SIM-DEMO-';
export const SECOND_SERIAL_PREFIX = 'SIM-SECOND-';

/** The Old Course's holes lend the demo carts their names. */
const DEMO_CART_NAMES = [
  'Burn',
  'Dyke',
  'Cartgate',
  'Ginger Beer',
  "Hole O'Cross",
  'Heathery',
  'High',
  'Short',
  'End',
  'Bobby Jones',
  'Eden',
  'Stroke',
  'Coffins',
  'Long',
  'Principal',
  'Corner of the Dyke',
];
const SECOND_CART_NAMES = ['Berounka', 'Hrad', 'Lom', 'Amerika'];

const hours = (openTime: string, closeTime: string) => ({ openTime, closeTime });

/**
 * The Old Course at St Andrews closes on Sundays (the links are a public park that day); weekdays
 * from first light. Index 0 is Sunday.
 */
const ST_ANDREWS_HOURS: OpeningHours = [
  null,
  hours('06:30', '20:30'),
  hours('06:30', '20:30'),
  hours('06:30', '20:30'),
  hours('06:30', '20:30'),
  hours('06:30', '20:30'),
  hours('06:30', '20:30'),
];
const KARLSTEJN_HOURS: OpeningHours = Array.from({ length: 7 }, () => hours('07:00', '21:00'));

const sixDigits = () => String(randomInt(100_000, 1_000_000));

/**
 * The demo club takes payments through the sandbox provider from the start, so its guest flow and its
 * public profile work at once; Second Club is left to show the payment activation card.
 */
async function onboardDemoClub(tx: DbExecutor, siteId: string): Promise<void> {
  const accountId = newSandboxId.account();
  await tx.insert(sandboxAccounts).values({
    id: accountId,
    siteId,
    businessName: 'Demo Golf Club',
    active: true,
    activatedAt: new Date(),
  });
  await tx
    .update(sites)
    .set({ stripeAccountId: accountId, stripeAccountActive: true, revenueSharePercentage: 2, unlockFee: 50 })
    .where(eq(sites.id, siteId));
}

/**
 * Seeds the staging site always, and the demo club once: the marker row makes a second start (or a second
 * instance) skip it even after an operator has deleted or renamed the demo data.
 */
export async function seedDemo(db: Db, log: Logger, publicUrl = 'http://localhost:3000'): Promise<void> {
  await db.transaction(async (tx) => {
    const marker = await tx
      .insert(platformSecrets)
      .values({ key: 'demo-seeded', value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (marker.length === 0) return;

    await tx.insert(sites).values({
      name: 'Staging',
      country: 'Denmark',
      currency: 'EUR',
      centerLatLong: '55.676100, 12.568300',
      timezone: 'Europe/Copenhagen',
      openingHours: KARLSTEJN_HOURS,
      staging: true,
    });
    const [demo] = await tx
      .insert(sites)
      .values({
        name: 'Demo Golf Club',
        country: 'United Kingdom',
        currency: 'GBP',
        centerLatLong: '56.349800, -2.813500',
        timezone: 'Europe/London',
        openingHours: ST_ANDREWS_HOURS,
        bookingOffset: 15,
        autoLock: '30',
        lockFrom: '21:00',
        roundTimeout: 300,
        lang: 'en',
        masterUnlock: sixDigits(),
        keyless: true,
        keypadEnabled: false,
        membersModule: true,
        scanToRideToggle: true,
        publicProfile: {
          active: true,
          name: 'Demo Golf Club — Old Course',
          description:
            'The Old Course at St Andrews, the home of golf. Our carts are keyless: scan the code on a cart, pay and drive.',
          termsAndConditions:
            'Carts may be driven by players over 16 holding a driving licence. Keep to the paths near greens and tees.',
          website: 'https://www.example.com',
          address: {
            street: 'Pilmour House',
            city: 'St Andrews',
            postcode: 'KY16 9SF',
            country: 'United Kingdom',
          },
        },
      })
      .returning();
    const [second] = await tx
      .insert(sites)
      .values({
        name: 'Second Club',
        country: 'Czech Republic',
        currency: 'CZK',
        centerLatLong: '49.938900, 14.186700',
        timezone: 'Europe/Prague',
        openingHours: KARLSTEJN_HOURS,
        autoLock: '20',
        lockFrom: '22:00',
        roundTimeout: 240,
        lang: 'cs',
        masterUnlock: sixDigits(),
        keyless: true,
        keypadEnabled: true,
        membersModule: true,
        scanToRideToggle: false,
      })
      .returning();

    // Simulated carts get a throwaway secret here; the demo fleet issues fresh ones at every start.
    const cart = (siteId: string, prefix: string, names: string[]) =>
      names.map((name, index) => ({
        serial: `${prefix}${String(index + 1).padStart(2, '0')}`,
        secretHash: hashToken(randomToken()),
        siteId,
        simulated: true,
        carNumber: String(index + 1),
        carName: name,
        lockCode: sixDigits(),
        vehicleInfo: {
          cart: { model: 'Precedent' as const, brand: 'Club Car' },
          power: 'FLA' as const,
          notes: '',
        },
      }));
    await tx
      .insert(devices)
      .values([
        ...cart(demo!.id, DEMO_SERIAL_PREFIX, DEMO_CART_NAMES),
        ...cart(second!.id, SECOND_SERIAL_PREFIX, SECOND_CART_NAMES),
      ]);

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        role: account.role,
        passwordHash,
        sites: account.site === 'demo' ? [demo!.id] : account.site === 'second' ? [second!.id] : [],
      })),
    );
    await seedDemoMembers(tx, { demo: demo!.id, second: second!.id });
    await seedDemoServices(tx, { demo: demo!.id, second: second!.id });
    await onboardDemoClub(tx, demo!.id);
    await seedDemoPayments(tx, demo!.id, publicUrl);
    // After the payments, whose rides it keeps clear of: the Usage report's months of history (issue 19).
    await seedDemoRideHistory(tx, demo!.id);
    log.info('demo club seeded: Demo Golf Club (16 carts) and Second Club (4 carts)');
  });
}

/**
 * The demo club's week of bookings from today, made again at every start (issue 17; demo-bookings.ts). Not
 * part of `seedDemo`, which runs once per database: the tests' shared demo club stays without bookings.
 */
export async function seedDemoBookings(db: Db, log: Logger, now = Date.now()): Promise<void> {
  const siteId = await demoClubId(db, DEMO_SERIAL_PREFIX);
  if (!siteId) return;
  const written = await refreshDemoBookings(db, siteId, now);
  if (written > 0) log.info({ bookings: written }, 'demo bookings made for the week from today');
}
