import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SiteDeviceSettings } from '@fairway/domain';

export type OpeningHours = Array<{ openTime: string; closeTime: string } | null>;

/** The public profile as stored; its logo and cover are the site's `logo` and `cover`. */
export interface StoredPublicProfile {
  active: boolean;
  name: string;
  description: string;
  termsAndConditions: string;
  website: string;
  address: { street: string; city: string; postcode: string; country: string };
}

export const EMPTY_PUBLIC_PROFILE: StoredPublicProfile = {
  active: false,
  name: '',
  description: '',
  termsAndConditions: '',
  website: '',
  address: { street: '', city: '', postcode: '', country: '' },
};

export const sites = pgTable('sites', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  /** 'lat, long' with 6 decimals, as the spec shows it */
  centerLatLong: text('center_lat_long').notNull(),
  timezone: text('timezone').notNull(),
  openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
  bookingOffset: integer('booking_offset').notNull().default(0),
  bookingIntegration: boolean('booking_integration').notNull().default(false),
  /** minutes a cart stays unbookable after each booking, for cleaning and charging (issue 17) */
  bookingTurnaround: integer('booking_turnaround').notNull().default(20),
  autoLock: text('auto_lock').notNull().default('0'),
  lockFrom: text('lock_from').notNull().default('00:00'),
  roundTimeout: integer('round_timeout').notNull().default(0),
  lang: text('lang').notNull().default('en'),
  wifiEnabled: text('wifi_enabled').notNull().default('0'),
  wifiSSID: text('wifi_ssid').notNull().default(''),
  wifiPassword: text('wifi_password').notNull().default(''),
  recoveryMode: boolean('recovery_mode').notNull().default(false),
  masterUnlock: text('master_unlock'),
  /**
   * The device settings the carts were last given (spec §2: settings stay unpublished until published).
   * null = the carts run what is saved; the first unpublished save keeps the previous values here.
   */
  publishedSettings: jsonb('published_settings').$type<SiteDeviceSettings>(),
  /** public addresses of the uploaded images */
  logo: text('logo'),
  cover: text('cover'),
  publicProfile: jsonb('public_profile').$type<StoredPublicProfile>().notNull().default(EMPTY_PUBLIC_PROFILE),
  /** The club's payment provider account (spec §3 stripeConfig); active once onboarding is complete. */
  stripeAccountId: text('stripe_account_id'),
  stripeAccountActive: boolean('stripe_account_active').notNull().default(false),
  revenueShareMethod: text('revenue_share_method', { enum: ['percentage', 'fixed'] })
    .notNull()
    .default('percentage'),
  revenueSharePercentage: doublePrecision('revenue_share_percentage').notNull().default(0),
  /** minor units per payment (200 = 2.00) */
  revenueShareFixedFee: integer('revenue_share_fixed_fee').notNull().default(0),
  /** Added to every card payment for a ride, minor units (spec §9 "price plus an unlock fee"); 0 = none. */
  unlockFee: integer('unlock_fee').notNull().default(0),
  keyless: boolean('keyless').notNull().default(true),
  keypadEnabled: boolean('keypad_enabled').notNull().default(false),
  membersModule: boolean('members_module').notNull().default(false),
  scanToRideToggle: boolean('scan_to_ride_toggle').notNull().default(false),
  trailPoints: integer('trail_points').notNull().default(10),
  minRideDuration: integer('min_ride_duration').notNull().default(2),
  /** Publishes the site's open GBFS v3.0 feed (issue 23); off until an admin turns it on. */
  gbfsEnabled: boolean('gbfs_enabled').notNull().default(false),
  /** Minutes past a ride's service duration before staff are alerted that it is overdue (issue 23). */
  overrunGraceMinutes: integer('overrun_grace_minutes').notNull().default(10),
  /** The built-in site that newly registered devices land in until a superadmin moves them. */
  staging: boolean('staging').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
