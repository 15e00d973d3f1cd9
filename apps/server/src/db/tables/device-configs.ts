import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ConfigMessage } from '@fairway/domain';
import { devices } from './devices';

/**
 * The last config published to each cart, exactly as sent. It is republished (retained) when the server
 * starts, so a broker that lost its retained messages still hands every cart its config on reconnect,
 * and unpublished site changes never leak into a cart's config by being rebuilt.
 */
export const deviceConfigs = pgTable('device_configs', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  payload: jsonb('payload').$type<ConfigMessage>().notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
