import type { GuestBookingView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../test/fetch-mock';
import {
  BOOKING,
  BOOKING_API,
  BOOKING_CODE,
  BOOKING_PAGE,
  makeBookingView,
  makePublicSite,
} from '../../booking/booking.fixtures';
import { rememberBookingCode } from '../../lib/guest-codes';
import { DEVICE, makeGuestCart, makeRate, PAYMENT, SERVICE_18, SERVICE_9, SITE } from '../../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../../test/render';

resetRideAroundEachTest();
beforeAll(() => import('./PricesPage'), 30_000);
beforeEach(() => window.sessionStorage.clear());

const RATES = `/api/guest/sites/${SITE}/rates`;
const CHECKOUT = '/api/guest/stripe/generate-checkout-session';
const BOOKING_PRICES = `/ride/${DEVICE}/prices?serviceId=${SERVICE_18}&bookingId=${BOOKING}&reservationCode=${BOOKING_CODE}`;

// The booking starts Monday 1 June 2026 at 10:00 in Copenhagen; the guest pays for it on another day.
const mondayMorning = makeRate({
  name: 'Monday morning',
  amount: 1800,
  availableNow: false,
  range: { enabled: true, availableTimes: [{ day: 1, start: '09:00', end: '12:00' }] },
});
const tuesdayOnly = makeRate({
  name: 'Tuesday special',
  amount: 1000,
  availableNow: true,
  range: { enabled: true, availableTimes: [{ day: 2, start: '06:00', end: '20:00' }] },
});
const daily = makeRate({ name: 'Green fee guest', amount: 2500 });
const nineHoles = makeRate({ name: '9 holes guest', serviceId: SERVICE_9, serviceName: '9 holes' });

function serveBookingPrices(view: GuestBookingView = makeBookingView({ state: 'paymentRequired' })) {
  return installFetchMock({
    [`GET ${BOOKING_API}`]: (call) =>
      call.query.get('code') === BOOKING_CODE
        ? json(view)
        : json({ message: 'Booking not found', code: 'bookingNotFound' }, 404),
    // The booked cart shows BOOKED to everyone else: its guest still pays for the booking.
    [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart({ status: 'BOOKED' })),
    [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite()),
    [`GET ${RATES}`]: () => json({ rates: [mondayMorning, tuesdayOnly, daily, nineHoles], unlockFee: 200 }),
    [`POST ${CHECKOUT}`]: () =>
      json({ id: 'cs_sbx_0123456789abcdef01234567', url: 'https://pay.example/cs_1', paymentId: PAYMENT }),
  });
}

describe('prices page for a booking', () => {
  it("lists the booking's service's prices as they apply at the booking's start", async () => {
    const server = serveBookingPrices();
    renderRideAt(BOOKING_PRICES);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a price' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(server.queriesTo(BOOKING_API)).toEqual([{ code: BOOKING_CODE }]);
    expect(server.queriesTo(RATES)).toEqual([{ serviceId: SERVICE_18 }]);
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Monday morning', 'Tuesday special', 'Green fee guest']);
    // Monday 10:00 is inside Monday's window, whatever the rate says about now; Tuesday's is not.
    expect(screen.getByRole('link', { name: 'Choose Monday morning' })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Choose Tuesday special' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText('Not available at the time of your booking')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your booking' }).getAttribute('href')).toBe(BOOKING_PAGE);
  });

  it("checks out with the booking's id and returns to the booking page (its code stays out of the addresses)", async () => {
    const server = serveBookingPrices();
    renderRideAt(BOOKING_PRICES);
    fireEvent.click(await screen.findByRole('link', { name: 'Choose Monday morning' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeTruthy();
    expect(currentUrl()).toBe(`${BOOKING_PRICES}&rate=${mondayMorning._id}`);
    const type = (name: string, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${name}`) }), { target: { value } });
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(server.callsTo('POST', CHECKOUT)[0]!.body).toEqual({
      siteId: SITE,
      rateId: mondayMorning._id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      deviceId: DEVICE,
      bookingId: BOOKING,
      success_url: `${window.location.origin}/guest/booking/${BOOKING}?payment={CHECKOUT_SESSION_ID}`,
      cancel_url: `${window.location.origin}/ride/${DEVICE}/prices?serviceId=${SERVICE_18}&bookingId=${BOOKING}&cancelled=1`,
    });
  });

  it("back from a cancelled checkout: the tab's code, the notice and the booking's prices again", async () => {
    rememberBookingCode(BOOKING, BOOKING_CODE);
    const server = serveBookingPrices();
    renderRideAt(`/ride/${DEVICE}/prices?serviceId=${SERVICE_18}&bookingId=${BOOKING}&cancelled=1`);
    expect(
      await screen.findByText('Payment cancelled. You have not been charged.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(server.queriesTo(BOOKING_API)).toEqual([{ code: BOOKING_CODE }]);
    const monday = screen.getByRole('link', { name: 'Choose Monday morning' });
    expect(monday.getAttribute('href')).toContain(`bookingId=${BOOKING}&reservationCode=${BOOKING_CODE}`);
  });

  it('a booking paid meanwhile goes to its page', async () => {
    serveBookingPrices(makeBookingView({ state: 'prePaid' }));
    renderRideAt(BOOKING_PRICES);
    await waitFor(() => expect(currentUrl()).toBe(BOOKING_PAGE), { timeout: 5000 });
  });

  it('without the code: the way to the booking page', async () => {
    const server = serveBookingPrices();
    renderRideAt(`/ride/${DEVICE}/prices?bookingId=${BOOKING}`);
    expect(
      await screen.findByText(
        'Open your booking and enter its code to unlock the cart.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(within(document.body).getByRole('link', { name: 'Go to your booking' }).getAttribute('href')).toBe(
      BOOKING_PAGE,
    );
    expect(server.calls).toHaveLength(0);
  });

  it('a wrong code: booking not found, and the way to the booking page', async () => {
    serveBookingPrices();
    renderRideAt(`/ride/${DEVICE}/prices?bookingId=${BOOKING}&reservationCode=111111`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Booking not found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your booking' }).getAttribute('href')).toBe(BOOKING_PAGE);
  });
});
