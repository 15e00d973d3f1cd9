import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { BOOKING, BOOKING_API, BOOKING_CODE, BOOKING_PAGE } from '../../booking/booking.fixtures';
import { bookingCodeOf, rememberBookingCode } from '../../lib/guest-codes';
import { readSavedSession } from '../../lib/ride-storage';
import { DEVICE, makeGuestCart, SESSION } from '../../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../../test/render';

resetRideAroundEachTest();
beforeAll(() => Promise.all([import('./BookingUnlockPage'), import('./KeyUnlockPage')]), 30_000);
beforeEach(() => window.sessionStorage.clear());

const DEVICE_UNLOCK = `/api/guest/devices/${DEVICE}/unlock`;
const SESSION_PAGE = `/ride/${DEVICE}/session/${SESSION}`;
const refusal =
  (code: string, status = 409) =>
  () =>
    json({ message: `English ${code}`, code }, status);

function serve(routes: Record<string, (call: RecordedCall) => Response>) {
  return installFetchMock({
    [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()),
    // The session page the unlock leads to (not under test here) answers as a ride that is not there.
    [`GET /api/guest/rides/${SESSION}`]: () =>
      json({ message: 'Session not found', code: 'sessionNotFound' }, 404),
    ...routes,
  });
}

describe('/ride/:id/virtual-key/:code', () => {
  const KEY_PAGE = `/ride/${DEVICE}/virtual-key/135790`;

  it("unlocks the cart with the key's code and replaces itself with the session page", async () => {
    const server = serve({ [`POST ${DEVICE_UNLOCK}`]: () => json({ session: SESSION }) });
    window.history.pushState(null, '', '/before');
    window.history.pushState(null, '', KEY_PAGE);
    renderRideAt(KEY_PAGE);
    await waitFor(() => expect(currentUrl()).toBe(SESSION_PAGE));
    const posts = server.callsTo('POST', DEVICE_UNLOCK);
    expect(posts.map((call) => call.body)).toEqual([{ rideData: { type: 'code', code: '135790' } }]);
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });
    // Replaced: back leads where the guest came from, not to the unlock again.
    window.history.back();
    await waitFor(() => expect(currentUrl()).toBe('/before'));
  });

  it.each([
    ['invalidCode', 'Invalid code', 403],
    ['keyDisabled', 'This virtual key is disabled', 403],
    ['keyExpired', 'This virtual key has expired', 403],
    ['insufficientCredits', 'Insufficient credits', 403],
    ['notAllowedForCart', 'This code is not allowed for this cart', 403],
    ['bookedWithoutMaster', 'This cart is booked; only a master key can open it', 409],
    ['closedWithoutMaster', 'The club is closed; only a master key can open a cart', 409],
    ['IN_USE', 'This cart is in use by another guest.', 409],
    ['OFFLINE', 'This cart is offline. Please choose another cart or ask the reception.', 409],
    ['KEYMODE', 'This cart requires a key. Please ask the reception.', 409],
    ['OUT_OF_SERVICE', 'This cart is out of service. Please choose another cart.', 409],
  ])('%s: its text and the way to the cart', async (code, text, status) => {
    serve({ [`POST ${DEVICE_UNLOCK}`]: refusal(code, status) });
    renderRideAt(KEY_PAGE);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('heading', { level: 1, name: 'The cart could not be unlocked' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the cart' }).getAttribute('href')).toBe(`/ride/${DEVICE}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a code that is not 6 digits is refused without asking the server', async () => {
    const server = serve({});
    renderRideAt(`/ride/${DEVICE}/virtual-key/12ab`);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code');
    expect(server.callsTo('POST', DEVICE_UNLOCK)).toHaveLength(0);
  });

  it('offline: says so and tries again on request', async () => {
    let tries = 0;
    const server = serve({
      [`POST ${DEVICE_UNLOCK}`]: () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch');
        return json({ session: SESSION });
      },
    });
    renderRideAt(`/ride/${DEVICE}/virtual-key/135790`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server cannot be reached right now. Please try again in a moment.',
    );
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(currentUrl()).toBe(SESSION_PAGE));
    expect(server.callsTo('POST', DEVICE_UNLOCK)).toHaveLength(2);
  });
});

describe('/ride/:id/booking/:bookingId', () => {
  const UNLOCK = `${BOOKING_API}/unlock`;
  const page = (code?: string) =>
    `/ride/${DEVICE}/booking/${BOOKING}${code ? `?reservationCode=${code}` : ''}`;

  it("unlocks with the address's code, keeps it for the booking page and opens the session page", async () => {
    const server = serve({ [`POST ${UNLOCK}`]: () => json({ session: SESSION }) });
    renderRideAt(page(BOOKING_CODE));
    await waitFor(() => expect(currentUrl()).toBe(SESSION_PAGE));
    expect(server.callsTo('POST', UNLOCK).map((call) => call.body)).toEqual([{ code: BOOKING_CODE }]);
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });
    expect(bookingCodeOf(BOOKING)).toBe(BOOKING_CODE);
  });

  it('without a code in the address, uses the one this tab holds', async () => {
    rememberBookingCode(BOOKING, BOOKING_CODE);
    const server = serve({ [`POST ${UNLOCK}`]: () => json({ session: SESSION }) });
    renderRideAt(page());
    await waitFor(() => expect(currentUrl()).toBe(SESSION_PAGE));
    expect(server.callsTo('POST', UNLOCK)[0]!.body).toEqual({ code: BOOKING_CODE });
  });

  it('without any code: asks to open the booking', async () => {
    const server = serve({});
    renderRideAt(page());
    expect(await screen.findByText('Open your booking and enter its code to unlock the cart.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your booking' }).getAttribute('href')).toBe(BOOKING_PAGE);
    expect(server.callsTo('POST', UNLOCK)).toHaveLength(0);
  });

  it('a booking that needs paying goes to its prices with the booking', async () => {
    serve({ [`POST ${UNLOCK}`]: refusal('paymentRequired') });
    renderRideAt(page(BOOKING_CODE));
    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/ride/${DEVICE}/prices?bookingId=${BOOKING}&reservationCode=${BOOKING_CODE}`,
      ),
    );
  });

  it.each([
    ['bookingNotYet', 'This booking cannot be unlocked yet'],
    ['bookingExpired', 'This booking has expired'],
    ['notActive', 'This booking is no longer active'],
    ['bookingNotFound', 'Booking not found'],
    ['BOOKED', 'This cart is booked. Please choose another cart.'],
  ])('%s: its text and the way to the booking page', async (code, text) => {
    serve({ [`POST ${UNLOCK}`]: refusal(code, code === 'bookingNotFound' ? 404 : 409) });
    renderRideAt(page(BOOKING_CODE));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Go to your booking' }).getAttribute('href')).toBe(BOOKING_PAGE);
  });
});
