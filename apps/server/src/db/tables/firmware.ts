import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deviceCommands } from './commands';
import { devices } from './devices';
import { users } from './users';

/** The firmware manager's folders: WiFi images, and the two GSM modems' (spec §2 Firmware manager). */
export type FirmwareFolder = 'wifi' | 'sim7600' | 'sim7000';

/** An uploaded firmware image (spec §3 Firmware file); the bytes live in the FileStore under `storeKey`. */
export const firmwareFiles = pgTable(
  'firmware_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folder: text('folder').$type<FirmwareFolder>().notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    /** bytes */
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storeKey: text('store_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('firmware_files_folder_name_idx').on(table.folder, table.name)],
);

/** One OTA order to one cart and how it went (FIRMWARE_STATUS), kept after the file is deleted. */
export const firmwareUpdates = pgTable(
  'firmware_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => firmwareFiles.id, { onDelete: 'set null' }),
    commandId: uuid('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    fromVersion: text('from_version'),
    version: text('version').notNull(),
    status: smallint('status').notNull(),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('firmware_updates_device_created_idx').on(table.deviceId, table.createdAt)],
);
