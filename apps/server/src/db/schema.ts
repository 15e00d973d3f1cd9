/** Every table, for Drizzle's query builder and drizzle-kit. Tables live beside their module. */
export * from '../modules/users/users.table';
export * from '../modules/auth/auth.table';
export * from '../modules/mail/mail.table';
export * from '../modules/sites/sites.table';
export * from '../modules/devices/devices.table';
export * from '../modules/activity/activity.table';
export * from '../modules/platform/platform.table';
export * from '../modules/commands/commands.table';
export * from '../modules/device-config/device-configs.table';
export * from '../modules/zones/zones.table';
export * from '../modules/history/history.table';
export * from '../jobs/jobs.table';
