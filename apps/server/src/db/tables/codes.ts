import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CodeType } from '@fairway/domain';
import { members } from './members';
import { sites } from './sites';

/** A member's unlock code: virtual key (phone), keypad code or RFID tag. At most one per type per member. */
export const codes = pgTable(
  'codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type').$type<CodeType>().notNull(),
    /** 6 digits, or the numeric RFID tag; unique within the site across all types */
    code: text('code').notNull(),
    master: boolean('master').notNull().default(false),
    /** car numbers; ignored when allDevices */
    devices: text('devices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allDevices: boolean('all_devices').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    expires: timestamp('expires', { withTimezone: true }),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('codes_site_code_idx').on(table.siteId, table.code),
    uniqueIndex('codes_member_type_idx').on(table.memberId, table.type),
    index('codes_site_idx').on(table.siteId),
  ],
);
