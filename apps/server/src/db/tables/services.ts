import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './sites';
import { userGroups } from './user-groups';

export interface AvailableTime {
  /** weekday 0 (Sunday) – 6 */
  day: number;
  start: string;
  end: string;
}

/** What a club sells: a service (e.g. 18 holes) with a duration, priced per user group (spec §3). */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** minutes */
    duration: integer('duration').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('services_site_idx').on(table.siteId)],
);

export const prices = pgTable(
  'prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** minor units of the site's currency */
    amount: integer('amount').notNull(),
    credits: integer('credits'),
    description: text('description').notNull().default(''),
    /** null = the built-in guest group. Deleting a group deletes the prices that use it (spec §5). */
    userGroupId: uuid('user_group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    /** empty = every day, all day */
    availableTimes: jsonb('available_times').$type<AvailableTime[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('prices_service_idx').on(table.serviceId),
    index('prices_user_group_idx').on(table.userGroupId),
  ],
);
