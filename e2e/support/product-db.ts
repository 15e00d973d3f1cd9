import pg from 'pg';

/**
 * The running product's own database (the embedded server `playwright.config.ts` starts), for the few
 * states a test cannot reach through the product in reasonable time: a booking whose unlock window opens
 * in seconds, not at the next 5-minute step, or a club on a clock near noon. Used sparingly, and only to move
 * times.
 */
const url =
  process.env.DATABASE_URL ??
  `postgres://postgres:fairway-embedded@127.0.0.1:${process.env.E2E_PG_PORT ?? '5487'}/fairway`;

export async function onProductDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Puts a site on another time zone (a platform admin's setting, written here to spare a second session). */
export async function setSiteTimezone(siteId: string, timezone: string): Promise<void> {
  await onProductDb(async (client) => {
    const moved = await client.query('update sites set timezone = $2 where id = $1', [siteId, timezone]);
    if (moved.rowCount !== 1) throw new Error(`no site ${siteId}`);
  });
}

/**
 * Makes a booking start `startInMs` from now, later than it did; its end and blocked range's end stay. The
 * booking only shrinks, so it cannot run into another booking of its cart (moving it earlier could, and
 * did: a booking the suite left on the cart before it).
 */
export async function startBookingLater(bookingId: string, startInMs: number): Promise<void> {
  await onProductDb(async (client) => {
    const moved = await client.query(
      `update bookings set "start" = now() + make_interval(secs => $2::float / 1000)
        where id = $1 and "start" <= now() + make_interval(secs => $2::float / 1000)
          and "end" > now() + make_interval(secs => $2::float / 1000)`,
      [bookingId, startInMs],
    );
    if (moved.rowCount !== 1) throw new Error(`booking ${bookingId} is missing or would not start later`);
  });
}

/**
 * Removes the demo seed's own bookings (no creator, staff source, never ridden: as `refreshDemoBookings`
 * tells them apart) that hold a cart in the next `hours`. The seed books carts through the day, so whether a
 * cart is free for a round from now depends on when the suite runs; flows that need one clear the way.
 * Operators' bookings, and those the suite made, stay.
 */
export async function clearDemoBookingsAhead(hours: number): Promise<void> {
  await onProductDb((client) =>
    client.query(
      `delete from bookings b
        where b.created_by is null and b.source = 'staff'
          and b.start < now() + make_interval(hours => $1) and b.blocked_until > now()
          and not exists (select 1 from rides r where r.booking_id = b.id)`,
      [hours],
    ),
  );
}
