import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MemberLang } from '@fairway/domain';
import { profiles } from './profiles';
import { sites } from './sites';
import { userGroups } from './user-groups';

/** A club's member (driver): rides with codes and credits instead of paying each time. */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** trimmed and lower-cased; unique within the site */
    email: text('email').notNull(),
    memberNumber: text('member_number'),
    phone: text('phone'),
    company: text('company'),
    induction: boolean('induction').notNull().default(false),
    /** null = the built-in guest group */
    userGroupId: uuid('user_group_id').references(() => userGroups.id, { onDelete: 'set null' }),
    /** whole rides; -1 = unlimited */
    credits: integer('credits').notNull().default(0),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    lang: text('lang').$type<MemberLang>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_site_email_idx').on(table.siteId, table.email),
    index('members_site_name_idx').on(table.siteId, sql`lower(${table.name})`),
    // Deleting a profile unlinks its members (ON DELETE SET NULL) and the admin's profile list counts them.
    index('members_profile_idx').on(table.profileId),
  ],
);
