import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CommandSource, HardwareInfo, VehicleInfo } from '@fairway/domain';
import { sites } from './sites';

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull().unique(),
    /** sha256 of the device's random 256-bit secret; the secret itself is shown once at registration. */
    secretHash: text('secret_hash').notNull(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    /** Carts driven by the built-in fleet simulator (demo); their secrets are re-issued at each start. */
    simulated: boolean('simulated').notNull().default(false),
    carNumber: text('car_number'),
    carName: text('car_name').notNull().default(''),
    carIcon: text('car_icon'),
    carNote: text('car_note').notNull().default(''),
    lockCode: text('lock_code'),
    lockStatus: smallint('lock_status').notNull().default(1),
    key: text('key').notNull().default('0'),
    keyAlarm: text('key_alarm').notNull().default('0'),
    inUse: boolean('in_use').notNull().default(false),
    inService: boolean('in_service').notNull().default(true),
    online: boolean('online').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    speed: real('speed'),
    heading: real('heading'),
    gpsLock: smallint('gps_lock'),
    conType: text('con_type'),
    wifiSignal: real('wifi_signal'),
    gprsSignal: real('gprs_signal'),
    battVoltage: real('batt_voltage'),
    battCharge: boolean('batt_charge').notNull().default(false),
    odometer: doublePrecision('odometer'),
    odometerOffset: doublePrecision('odometer_offset').notNull().default(0),
    uptime: integer('uptime'),
    temp: real('temp'),
    firmware: text('firmware'),
    /** OTA progress (FIRMWARE_STATUS): 0 normal, 1 pending, 2 downloading, 3 failed, 4 downloaded. */
    firmwareStatus: smallint('firmware_status').notNull().default(0),
    /** The version an OTA order is installing; null when none is under way. */
    firmwareTarget: text('firmware_target'),
    /** The SIM card the modem reports (status `ccid`, `carrier`). */
    gprsCcid: text('gprs_ccid'),
    gprsCarrier: text('gprs_carrier'),
    /** The SIM provider's endpoint of this tracker (spec §3 endpointID); null when not registered. */
    simEndpointId: text('sim_endpoint_id'),
    /** Battery calibration value (spec §5: 3–77.99, reset sets 75), sent in the cart's device settings. */
    batteryCalibration: real('battery_calibration').notNull().default(75),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    lockUpdatedAt: timestamp('lock_updated_at', { withTimezone: true }),
    /**
     * When the server received the acknowledgement that last set `lockStatus`. A report received before it
     * is older than that state and does not set the lock, however late its batch is written
     * (gateway/device-state-sql.ts).
     */
    lockAckedAt: timestamp('lock_acked_at', { withTimezone: true }),
    /**
     * Since when the cart owes a lock the server asked for (a ride ended, auto/scheduled lock, round
     * timeout), and which source asked: re-sent whenever the cart is heard again, until the cart is locked
     * (modules/commands, job 'owed-locks'). Null when nothing is owed.
     */
    lockOwedAt: timestamp('lock_owed_at', { withTimezone: true }),
    lockOwedBy: text('lock_owed_by').$type<CommandSource>(),
    /**
     * Grows by one with every write of the cart's state (a telemetry flush, an acknowledgement). Writes to
     * one row are serialised by its lock, so a higher version is a later state; the realtime gateway never
     * pushes a view older than one it pushed, although the two writers' events may be emitted out of order.
     */
    stateVersion: bigint('state_version', { mode: 'number' }).notNull().default(0),
    updates: text('updates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    configVersion: integer('config_version').notNull().default(0),
    configAckedVersion: integer('config_acked_version').notNull().default(0),
    lastMovedAt: timestamp('last_moved_at', { withTimezone: true }),
    vehicleInfo: jsonb('vehicle_info').$type<VehicleInfo>(),
    hardwareInfo: jsonb('hardware_info').$type<HardwareInfo>(),
    carSerialNumber: text('car_serial_number').notNull().default(''),
    trackerMode: text('tracker_mode').$type<'normal' | 'lowPower' | 'tracking'>().notNull().default('normal'),
    server: text('server').$type<'prod' | 'beta'>().notNull().default('prod'),
    bookableOnline: boolean('bookable_online').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('devices_site_idx').on(table.siteId),
    uniqueIndex('devices_site_car_number_idx').on(table.siteId, table.carNumber),
  ],
);

/** A cart as stored: what the state writer returns, the services read and the domain events carry. */
export type DeviceRow = typeof devices.$inferSelect;

/**
 * Every accepted position report; written in batches by the telemetry writer, never one insert per message.
 * Partitioned by month on `ts` (migration 0015; Drizzle cannot declare it): `positions_YYYY_MM` in UTC plus
 * `positions_default` for reports whose tracker clock is far off. The `positions-partitions` job
 * (modules/history/positions-partitions.ts) creates the coming months and drops those past the retention.
 */
export const positions = pgTable(
  'positions',
  {
    // No id and no primary key (migration 0018): rows are read only by cart and time, through the index below,
    // and the id's sequence and the key (id, ts) cost a third of the writer's insert and 40 of a row's 182
    // bytes (issue 22, docs/performance.md; operations.md, Sizing).
    // No foreign key (migration 0017): its per-row check took 60 % of the telemetry writer's insert (issue 22,
    // docs/performance.md). The insert keeps only reports of existing carts, and deleting a cart deletes its
    // positions (`AdminDevicesRepository.deleteFree`).
    deviceId: uuid('device_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    speed: real('speed').notNull(),
    battVoltage: real('batt_voltage'),
  },
  (table) => [index('positions_device_ts_idx').on(table.deviceId, table.ts)],
);
