/** Every table, for Drizzle's query builder and drizzle-kit. Tables live beside their module. */
export * from '../modules/users/users.table';
export * from '../modules/auth/auth.table';
export * from '../modules/mail/mail.table';
export * from '../modules/sites/sites.table';
export * from '../modules/devices/devices.table';
export * from '../modules/activity/activity.table';
export * from '../modules/platform/platform.table';
