import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { makeCart } from '../../../test/carts';
import { json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { realtimeStore, relaySocketEvent } from '../../realtime';
import { makeBooking } from '../testing/booking-fixtures';
import { BOOKINGS_PATH, renderBookingsPage } from '../testing/render-bookings-page';

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());
afterEach(async () => {
  realtimeStore.resetSite(null);
  await changeLocale('en');
});

const columns = () => screen.queryAllByTestId('bookings-column');
const columnOf = (cartId: string) => columns().find((column) => column.dataset.cartId === cartId)!;
const eventOf = (bookingId: string) =>
  screen.getAllByTestId('booking-event').find((event) => event.dataset.bookingId === bookingId)!;
const sendBookingUpdate = (booking: unknown) =>
  act(() => relaySocketEvent('booking:update', booking as never));

describe('BookingsPage calendar', { timeout: 20_000 }, () => {
  it("asks for the shown site day and places each booking in its cart's column with times, booker, service and auto-unlock", async () => {
    const one = makeCart({ carNumber: '1' });
    const two = makeCart({ carNumber: '2' });
    const round = makeBooking({
      device: one._id,
      carNumber: '1',
      // 09:00–13:00 in Prague (UTC+2 in June)
      start: '2030-06-10T07:00:00.000Z',
      end: '2030-06-10T11:00:00.000Z',
      scheduleUnlock: true,
    });
    // From 22:00 the day before to 01:00 the day after: both ends carry their day offset.
    const overnight = makeBooking({
      device: two._id,
      carNumber: '2',
      bookingType: 'cart_maintenance',
      name: '',
      serviceName: null,
      amount: null,
      start: '2030-06-09T20:00:00.000Z',
      end: '2030-06-10T23:00:00.000Z',
    });
    const server = renderBookingsPage({ carts: [one, two], bookings: [overnight, round] });

    await waitFor(() => expect(columns()).toHaveLength(2));
    expect(server.queriesTo(BOOKINGS_PATH)[0]).toEqual({
      start: '2030-06-09T22:00:00.000Z',
      end: '2030-06-10T22:00:00.000Z',
    });
    expect(screen.getByTestId('bookings-count').textContent).toBe('2 bookings');
    expect(screen.getByTestId('bookings-date-title').textContent).toBe('Monday 10 June 2030');

    const first = within(eventOf(round._id));
    expect(columnOf(one._id).contains(eventOf(round._id))).toBe(true);
    expect(first.getByTestId('booking-event-times').textContent).toBe('09:00 – 13:00');
    expect(first.getByTestId('booking-event-name').textContent).toBe('Alice Green');
    expect(first.getByTestId('booking-event-service').textContent).toBe('18 holes · €25.00');
    expect(first.getByText('Auto-unlock')).toBeTruthy();

    const block = within(eventOf(overnight._id));
    expect(columnOf(two._id).contains(eventOf(overnight._id))).toBe(true);
    expect(block.getByTestId('booking-event-times').textContent).toBe('22:00 -1 – 01:00 +1');
    expect(block.getByTestId('booking-event-name').textContent).toBe('Maintenance');
  });

  it('shows only booked carts with "Reserved carts only", and remembers the choice', async () => {
    const one = makeCart({ carNumber: '1' });
    const two = makeCart({ carNumber: '2' });
    renderBookingsPage({ carts: [one, two], bookings: [makeBooking({ device: two._id, carNumber: '2' })] });
    await waitFor(() => expect(columns()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Reserved carts only' }));
    await waitFor(() => expect(columns()).toHaveLength(1));
    expect(columns()[0]!.dataset.cartId).toBe(two._id);
    expect(localStorage.getItem('fairway.bookings.reservedOnly')).toBe('1');
  });

  it('starts with reserved carts only when chosen before', async () => {
    localStorage.setItem('fairway.bookings.reservedOnly', '1');
    const one = makeCart({ carNumber: '1' });
    const two = makeCart({ carNumber: '2' });
    renderBookingsPage({ carts: [one, two], bookings: [makeBooking({ device: one._id })] });
    await waitFor(() => expect(columns()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Reserved carts only' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says so on a day without bookings', async () => {
    renderBookingsPage({ carts: [makeCart()], bookings: [] });
    expect(await screen.findByTestId('bookings-none-found')).toBeTruthy();
    expect(screen.getByTestId('bookings-count').textContent).toBe('0 bookings');
  });

  it('shows the closed message when the club does not open that day', async () => {
    // Weekday 1 is Monday, the shown day.
    const hours = Array.from({ length: 7 }, (_, day) =>
      day === 1 ? null : { openTime: '07:00', closeTime: '20:00' },
    );
    renderBookingsPage({ carts: [makeCart()], site: { openingHours: hours } });
    expect(await screen.findByText('The club is closed on this day')).toBeTruthy();
  });

  it('steps through days, and Today and Tomorrow are off when shown', async () => {
    const server = renderBookingsPage({ carts: [makeCart()] });
    await screen.findByTestId('bookings-none-found');
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(server.router.state.location.search).toBe('?date=2030-06-11'));
    await waitFor(() =>
      expect(server.queriesTo(BOOKINGS_PATH).at(-1)).toEqual({
        start: '2030-06-10T22:00:00.000Z',
        end: '2030-06-11T22:00:00.000Z',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(server.router.state.location.search).toBe(''));
    expect((screen.getByRole('button', { name: 'Today' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Tomorrow' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers edit and delete per the calendar rules', async () => {
    const cart = makeCart();
    const own = makeBooking({ device: cart._id, name: 'Own' });
    const fromClient = makeBooking({
      device: cart._id,
      source: 'client',
      name: 'Client',
      start: '2030-06-10T12:00:00.000Z',
      end: '2030-06-10T14:00:00.000Z',
    });
    renderBookingsPage({ carts: [cart], bookings: [own, fromClient] });
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(2));
    expect(within(eventOf(own._id)).getByRole('button', { name: /^Edit: Own/ })).toBeTruthy();
    expect(within(eventOf(own._id)).getByRole('button', { name: /^Cancel booking: Own/ })).toBeTruthy();
    expect(within(eventOf(fromClient._id)).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(eventOf(fromClient._id)).queryByRole('button', { name: /^Cancel booking/ })).toBeNull();
  });

  it('keeps a past maintenance block editable but not deletable, and past bookings neither', async () => {
    const cart = makeCart();
    const block = makeBooking({
      device: cart._id,
      bookingType: 'cart_maintenance',
      name: '',
      start: '2020-06-10T07:00:00.000Z',
      end: '2020-06-10T09:00:00.000Z',
    });
    const old = makeBooking({
      device: cart._id,
      name: 'Old',
      start: '2020-06-10T10:00:00.000Z',
      end: '2020-06-10T12:00:00.000Z',
    });
    renderBookingsPage({ url: '/bookings?date=2020-06-10', carts: [cart], bookings: [block, old] });
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(2));
    expect(within(eventOf(block._id)).getByRole('button', { name: /^Edit: Maintenance/ })).toBeTruthy();
    expect(within(eventOf(block._id)).queryByRole('button', { name: /^Cancel booking/ })).toBeNull();
    expect(within(eventOf(old._id)).queryByRole('button', { name: /^Edit/ })).toBeNull();
    // A past day takes no new bookings.
    expect((screen.getByRole('button', { name: 'Add booking' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Maintenance' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the 'integrated' chip instead of the add buttons on a site with a booking integration", async () => {
    const cart = makeCart();
    const booking = makeBooking({ device: cart._id });
    renderBookingsPage({ carts: [cart], bookings: [booking], site: { bookingIntegration: true } });
    expect(await screen.findByTestId('bookings-integrated')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add booking' })).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(1));
    expect(within(eventOf(booking._id)).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('cancels a booking after confirmation', async () => {
    const cart = makeCart();
    const booking = makeBooking({ device: cart._id, name: 'Bob' });
    const server = renderBookingsPage({
      carts: [cart],
      bookings: [booking],
      routes: { [`DELETE ${BOOKINGS_PATH}/${booking._id}`]: () => new Response(null, { status: 204 }) },
    });
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(1));
    fireEvent.click(within(eventOf(booking._id)).getByRole('button', { name: /^Cancel booking: Bob/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(server.callsTo('DELETE', `${BOOKINGS_PATH}/${booking._id}`)).toHaveLength(1));
    expect(await screen.findByText('Booking cancelled')).toBeTruthy();
  });
});

describe('BookingsPage live updates', { timeout: 20_000 }, () => {
  it('adds a booking another operator made, moves one between carts and removes a cancelled one, without asking again', async () => {
    const one = makeCart({ carNumber: '1' });
    const two = makeCart({ carNumber: '2' });
    const server = renderBookingsPage({ carts: [one, two], bookings: [] });
    await screen.findByTestId('bookings-none-found');
    const asked = server.queriesTo(BOOKINGS_PATH).length;

    const made = makeBooking({ device: one._id, carNumber: '1', name: 'Live Larry' });
    sendBookingUpdate(made);
    await waitFor(() => expect(columnOf(one._id).textContent).toContain('Live Larry'));
    expect(screen.getByTestId('bookings-count').textContent).toBe('1 booking');

    sendBookingUpdate({ ...made, device: two._id, carNumber: '2' });
    await waitFor(() => expect(columnOf(two._id).textContent).toContain('Live Larry'));
    expect(columnOf(one._id).textContent).not.toContain('Live Larry');

    // Another day's booking does not show on this one.
    sendBookingUpdate(
      makeBooking({
        device: one._id,
        name: 'Tomorrow Tim',
        start: '2030-06-11T07:00:00.000Z',
        end: '2030-06-11T09:00:00.000Z',
      }),
    );
    sendBookingUpdate({ ...made, device: two._id, status: 'cancelled' });
    await waitFor(() => expect(screen.queryAllByTestId('booking-event')).toHaveLength(0));
    expect(screen.queryByText('Tomorrow Tim')).toBeNull();
    expect(server.queriesTo(BOOKINGS_PATH)).toHaveLength(asked);
  });
});

describe('BookingsPage unlock', { timeout: 20_000 }, () => {
  it('unlocks the cart of a booking inside its window from the booking view', async () => {
    const cart = makeCart({ carNumber: '4' });
    const now = Date.now();
    const booking = makeBooking({
      device: cart._id,
      carNumber: '4',
      start: new Date(now - 10 * 60_000).toISOString(),
      end: new Date(now + 60 * 60_000).toISOString(),
    });
    const server = renderBookingsPage({
      url: '/bookings',
      carts: [cart],
      bookings: [booking],
      // Open every day around the clock so "now" is always inside the day's hours.
      site: { openingHours: Array.from({ length: 7 }, () => ({ openTime: '00:00', closeTime: '24:00' })) },
      routes: {
        [`POST ${BOOKINGS_PATH}/${booking._id}/unlock`]: () =>
          json({ session: 'dddddddd-0000-4000-8000-000000000001' }),
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('booking-event').length).toBeGreaterThan(0));
    fireEvent.click(within(eventOf(booking._id)).getByTestId('booking-event-name'));
    const view = await screen.findByRole('dialog', { name: 'Booking' });
    fireEvent.click(within(view).getByRole('button', { name: 'Unlock cart' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${BOOKINGS_PATH}/${booking._id}/unlock`)).toHaveLength(1),
    );
    expect(await screen.findByText('Unlock sent to cart 4')).toBeTruthy();
  });

  it('shows when a booking may be unlocked before its window, with the unlock off', async () => {
    const cart = makeCart();
    const booking = makeBooking({ device: cart._id });
    renderBookingsPage({ carts: [cart], bookings: [booking], site: { bookingOffset: -15 } });
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(1));
    fireEvent.click(within(eventOf(booking._id)).getByTestId('booking-event-name'));
    const view = await screen.findByRole('dialog', { name: 'Booking' });
    // 09:00 in Prague, 15 minutes early
    expect(within(view).getByTestId('booking-unlock-countdown').textContent).toBe('Unlock from 08:45');
    expect((within(view).getByRole('button', { name: 'Unlock cart' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('BookingsPage languages', { timeout: 20_000 }, () => {
  it('writes the calendar in German', async () => {
    await changeLocale('de');
    const cart = makeCart({ carNumber: '3' });
    renderBookingsPage({ carts: [cart], bookings: [makeBooking({ device: cart._id })] });
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(1));
    expect(screen.getByTestId('bookings-count').textContent).toBe('1 Buchung');
    expect(screen.getByTestId('booking-event-service').textContent).toBe('18 holes · 25,00\u00a0€');
    expect(screen.getByRole('heading', { name: 'Buchungen' })).toBeTruthy();
  });
});
