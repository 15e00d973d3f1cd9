/** Every table, for Drizzle's query builder and drizzle-kit. Tables form the lowest layer: they import only
 * each other and domain types, and every module reads and writes them through its repositories. */
export * from './tables/users';
export * from './tables/auth';
export * from './tables/mail';
export * from './tables/sites';
export * from './tables/devices';
export * from './tables/activity';
export * from './tables/platform';
export * from './tables/commands';
export * from './tables/device-configs';
export * from './tables/zones';
export * from './tables/history';
export * from './tables/jobs';
export * from './tables/user-groups';
export * from './tables/profiles';
export * from './tables/members';
export * from './tables/codes';
export * from './tables/services';
export * from './tables/rides';
export * from './tables/sandbox';
export * from './tables/payments';
export * from './tables/api-clients';
export * from './tables/support-contacts';
export * from './tables/bookings';
export * from './tables/device-logs';
export * from './tables/firmware';
export * from './tables/sim-sandbox';
