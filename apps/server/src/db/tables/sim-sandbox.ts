import { pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local SIM provider's own books (like the payments sandbox): endpoints and their SIM cards, shaped as
 * the SIM provider API of spec §7 answers them. Only the sandbox provider reads these rows; the rest of the
 * server learns a SIM's state through the provider interface, as it would from the real provider.
 */
export const simSandboxEndpoints = pgTable('sim_sandbox_endpoints', {
  /** The provider's endpoint id (numeric text, as the real one) */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** comma-separated, as the provider keeps them */
  tags: text('tags').notNull().default(''),
  /** 0 enabled, 1 disabled */
  status: smallint('status').notNull().default(0),
  iccid: text('iccid').notNull().unique(),
  /** The SIM's own status: 1 active, 2 suspended */
  simStatus: smallint('sim_status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
