/**
 * Every cached bookings answer of a site (the days of the calendar, the bookings over a maintenance block's
 * range) sits under this key, so a save, a cancel or a reconnect after missed updates refreshes them all.
 */
export const bookingsQueryKey = (siteId: string) => ['site', siteId, 'bookings'] as const;

/** The calendar's day lists; the shown site date ('YYYY-MM-DD') follows. */
export const bookingDaysQueryKey = (siteId: string) => [...bookingsQueryKey(siteId), 'day'] as const;

/** Slots and free carts change with every booking, so they sit under the same prefix. */
export const availabilityQueryKey = (siteId: string) =>
  [...bookingsQueryKey(siteId), 'availability'] as const;
