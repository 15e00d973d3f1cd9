import type { GuestBookingView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type RecordedCall } from '../../test/fetch-mock';
import { bookingCodeOf, rememberBookingCode } from '../lib/guest-codes';
import { readSavedSession } from '../lib/ride-storage';
import { DEVICE, OTHER_DEVICE, PAYMENT, SERVICE_18, SESSION, SITE } from '../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../test/render';
import {
  BOOKING,
  BOOKING_API,
  BOOKING_CODE,
  BOOKING_PAGE,
  makeBookingView,
  makePublicSite,
} from './booking.fixtures';

resetRideAroundEachTest();
// The page is a lazy chunk: load it once up front so no test's first wait pays for its compilation.
beforeAll(() => import('./GuestBookingPage'), 30_000);
beforeEach(() => window.sessionStorage.clear());

const SITE_API = `/api/guest/sites/${SITE}`;

/** The booking's API with `view` (or a function of the call) for GET; other routes as given. */
function serveBooking(
  view: GuestBookingView | ((call: RecordedCall) => Response),
  routes: Parameters<typeof installFetchMock>[0] = {},
) {
  return installFetchMock({
    [`GET ${BOOKING_API}`]: (call) =>
      typeof view === 'function'
        ? view(call)
        : call.query.get('code') === BOOKING_CODE
          ? json(view)
          : json({ message: 'Booking not found', code: 'bookingNotFound' }, 404),
    [`GET ${SITE_API}`]: () => json(makePublicSite()),
    ...routes,
  });
}

const openWithCode = (path = BOOKING_PAGE) => {
  rememberBookingCode(BOOKING, BOOKING_CODE);
  renderRideAt(path);
};

/** The state panel the page shows; `timeout` for one reached by the page's 2 s polling. */
const statePanel = (state: string, timeout = 1000) =>
  waitFor(
    () => {
      const found = document.querySelector(`[data-state="${state}"]`);
      expect(found).not.toBeNull();
      return found as HTMLElement;
    },
    { timeout },
  );

describe('booking code', () => {
  it('asks for the code, refuses a wrong one as not found, then shows the booking and keeps the code', async () => {
    const server = serveBooking(makeBookingView());
    renderRideAt(BOOKING_PAGE);
    const dialog = await screen.findByRole('dialog', { name: 'Enter your booking code' });
    const input = within(dialog).getByRole('textbox', { name: 'Code' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    const submit = within(dialog).getByRole('button', { name: 'Show booking' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '111111' } });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Booking not found');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: BOOKING_CODE } });
    fireEvent.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bookingCodeOf(BOOKING)).toBe(BOOKING_CODE);
    expect(server.queriesTo(BOOKING_API).map((query) => query.code)).toEqual(['111111', BOOKING_CODE]);
  });

  it('counts down too many tries in the guest language', async () => {
    serveBooking(() => json({ message: 'Too many tries', code: 'rateLimited', retryAfter: 49 }, 429));
    renderRideAt(BOOKING_PAGE, 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Buchungscode eingeben' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: BOOKING_CODE } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buchung anzeigen' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Zu viele Versuche. Sie können es in 0:49 erneut versuchen.',
      ),
    );
  });

  it('a remembered code the server no longer takes is forgotten: not found, and the code asked again', async () => {
    serveBooking(() => json({ message: 'Booking not found', code: 'bookingNotFound' }, 404));
    openWithCode();
    expect((await screen.findByRole('alert')).textContent).toContain('Booking not found');
    await waitFor(() => expect(bookingCodeOf(BOOKING)).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enter booking code' }));
    expect(await screen.findByRole('dialog', { name: 'Enter your booking code' })).toBeTruthy();
  });

  it('a failed load shows the error with a retry that loads again', async () => {
    let calls = 0;
    serveBooking(() => (++calls === 1 ? json({ message: 'boom' }, 500) : json(makeBookingView())));
    openWithCode();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking' })).toBeTruthy();
  });
});

describe('booking facts', () => {
  it("shows times on the club's clock, cart, service, name, email and the club's note, and the way back", async () => {
    serveBooking(makeBookingView({ note: 'Please park at the clubhouse.' }));
    openWithCode();
    const details = await screen.findByTestId('booking-details');
    const text = details.textContent ?? '';
    // 08:00–12:30 UTC is 10:00–14:30 in Copenhagen (summer time), whatever the phone's zone.
    expect(text).toMatch(/Mon, Jun 1, 10:00\sAM\s–\s2:30\sPM/);
    expect(text).toContain('Cart 7');
    expect(text).toContain('18 holes');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('ada@example.com');
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Message from the club');
    expect(note.textContent).toContain('Please park at the clubhouse.');
    expect(screen.getByText('Demo Golf Club')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the club' }).getAttribute('href')).toBe(
      `/guest/site/${SITE}`,
    );
  });
});

describe('booking states', () => {
  it('expired: the notice, nothing to unlock and no cart change', async () => {
    serveBooking(makeBookingView({ state: 'expired', mayChangeCart: false }));
    openWithCode();
    const panel = await statePanel('expired');
    expect(
      within(panel).getByText('This booking has ended. Please book again or ask the reception.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unlock/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Problem with cart?' })).toBeNull();
  });

  it("active: locks and unlocks the ride, links to it and keeps it as this phone's ride", async () => {
    const active = makeBookingView({ state: 'active', session: SESSION, mayChangeCart: false });
    const server = serveBooking(active, {
      [`POST ${BOOKING_API}/toggle-lock`]: (call) =>
        json({
          ...active,
          cartLocked: (call.body as { lockStatus: string }).lockStatus === 'locked',
          serverTime: '2026-06-01T09:00:00.000Z',
        }),
    });
    openWithCode();
    const panel = await statePanel('active');
    expect(within(panel).getByText('The cart is unlocked.')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Go to your ride' }).getAttribute('href')).toBe(
      `/ride/${DEVICE}/session/${SESSION}`,
    );
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });

    fireEvent.click(within(panel).getByRole('button', { name: 'Lock cart' }));
    expect(await within(panel).findByText('The cart is locked. Unlock it to drive on.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Unlock cart' }));
    expect(await within(panel).findByText('The cart is unlocked.')).toBeTruthy();
    expect(server.callsTo('POST', `${BOOKING_API}/toggle-lock`).map((call) => call.body)).toEqual([
      { code: BOOKING_CODE, lockStatus: 'locked' },
      { code: BOOKING_CODE, lockStatus: 'unlocked' },
    ]);
  });

  it("active: a cart that did not answer reads 'Cart could not be locked'", async () => {
    serveBooking(makeBookingView({ state: 'active', session: SESSION }), {
      [`POST ${BOOKING_API}/toggle-lock`]: () =>
        json({ message: 'The cart did not answer', code: 'cartDidNotAnswer' }, 504),
    });
    openWithCode();
    const panel = await statePanel('active');
    fireEvent.click(within(panel).getByRole('button', { name: 'Lock cart' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Cart could not be locked');
  });

  it('prePaid in its window: unlocks, keeps the ride and opens the session page', async () => {
    const server = serveBooking(makeBookingView({ serverTime: '2026-06-01T08:10:00.000Z' }), {
      [`POST ${BOOKING_API}/unlock`]: () => json({ session: SESSION }),
    });
    openWithCode();
    const panel = await statePanel('prePaid');
    expect(within(panel).getByText('You can unlock the cart now.')).toBeTruthy();
    expect(within(panel).getByText(/You can unlock the cart from .*10:00/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Unlock cart' }));
    await waitFor(() => expect(currentUrl()).toBe(`/ride/${DEVICE}/session/${SESSION}`));
    expect(server.callsTo('POST', `${BOOKING_API}/unlock`)[0]!.body).toEqual({ code: BOOKING_CODE });
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });
  });

  it("prePaid: the server's refusal reads in the guest's language", async () => {
    serveBooking(makeBookingView({ serverTime: '2026-06-01T08:10:00.000Z' }), {
      [`POST ${BOOKING_API}/unlock`]: () =>
        json({ message: 'This booking can be unlocked from 10:00', code: 'bookingNotYet' }, 409),
    });
    openWithCode('/guest/booking/' + BOOKING);
    const panel = await statePanel('prePaid');
    fireEvent.click(within(panel).getByRole('button', { name: 'Unlock cart' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('This booking cannot be unlocked yet');
  });

  it("paymentRequired: the notice and the way to the booking's prices with its id and code", async () => {
    serveBooking(makeBookingView({ state: 'paymentRequired' }));
    openWithCode();
    const panel = await statePanel('paymentRequired');
    expect(
      within(panel).getByText('This booking requires payment before you can unlock the cart.'),
    ).toBeTruthy();
    const pay = within(panel).getByRole('link', { name: 'Pay for the booking' });
    expect(pay.getAttribute('href')).toBe(
      `/ride/${DEVICE}/prices?serviceId=${SERVICE_18}&bookingId=${BOOKING}&reservationCode=${BOOKING_CODE}`,
    );
    fireEvent.click(pay);
    expect(currentUrl()).toBe(pay.getAttribute('href'));
  });

  it('back from paying: waits for the payment to land, then shows the booking paid', async () => {
    let reads = 0;
    serveBooking(
      () =>
        json(
          makeBookingView(
            ++reads < 2 ? { state: 'paymentRequired' } : { serverTime: '2026-06-01T07:01:00.000Z' },
          ),
        ),
      { [`GET /api/guest/payments/${PAYMENT}`]: () => json({ _id: PAYMENT, status: 'succeeded' }) },
    );
    openWithCode(`${BOOKING_PAGE}?payment=${PAYMENT}`);
    const panel = await statePanel('paymentRequired');
    expect(within(panel).getByText('Checking your payment…')).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: 'Pay for the booking' })).toBeNull();
    await statePanel('prePaid', 5000);
    expect(screen.getByText('Thank you, your booking is paid.')).toBeTruthy();
  });

  it('back from a failed payment: says so and offers to pay again', async () => {
    serveBooking(makeBookingView({ state: 'paymentRequired' }), {
      [`GET /api/guest/payments/${PAYMENT}`]: () => json({ _id: PAYMENT, status: 'failed' }),
    });
    openWithCode(`${BOOKING_PAGE}?payment=${PAYMENT}`);
    const panel = await statePanel('paymentRequired');
    expect((await within(panel).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'The payment did not go through. You have not been charged.',
    );
    expect(within(panel).getByRole('link', { name: 'Pay for the booking' })).toBeTruthy();
  });
});

describe('Problem with cart?', () => {
  const CARTS = `${BOOKING_API}/available-carts`;

  async function openCartChoice() {
    fireEvent.click(await screen.findByRole('button', { name: 'Problem with cart?' }));
    const confirm = await screen.findByRole('dialog', { name: 'Problem with the cart?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Choose another cart' }));
    return screen.findByRole('dialog', { name: 'Choose another cart' });
  }

  it('lists the free carts (64 px each), moves the booking to the chosen one and shows it there', async () => {
    const view = makeBookingView();
    const server = serveBooking(view, {
      [`GET ${CARTS}`]: () =>
        json({
          availableCarts: [
            { _id: OTHER_DEVICE, carNumber: '12', keyMode: false },
            { _id: 'dddddddd-dddd-4ddd-8ddd-000000000003', carNumber: '14', keyMode: true },
          ],
        }),
      [`PATCH ${BOOKING_API}`]: () =>
        json({ ...view, deviceId: OTHER_DEVICE, carNumber: '12', serverTime: '2026-06-01T07:05:00.000Z' }),
    });
    openWithCode();
    const dialog = await openCartChoice();
    const choices = await within(dialog).findAllByRole('button', { name: /Cart/ });
    expect(choices.map((choice) => choice.textContent)).toEqual(['Cart 12', 'Cart 14Key required']);
    expect(getComputedStyle(choices[0]!).minHeight).toBe('64px');
    expect(server.queriesTo(CARTS)).toEqual([{ code: BOOKING_CODE }]);

    fireEvent.click(choices[0]!);
    expect(await screen.findByText('Your booking is now on cart 12.')).toBeTruthy();
    // The dialog closes with its transition (slower on a busy machine).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('booking-details').textContent).toContain('Cart 12');
    expect(server.callsTo('PATCH', BOOKING_API)[0]!.body).toEqual({
      code: BOOKING_CODE,
      device: OTHER_DEVICE,
    });
  });

  it('says so when no other cart is free', async () => {
    serveBooking(makeBookingView(), { [`GET ${CARTS}`]: () => json({ availableCarts: [] }) });
    openWithCode();
    const dialog = await openCartChoice();
    expect(
      await within(dialog).findByText(
        'No other cart is free for your booking right now. Please ask the reception.',
      ),
    ).toBeTruthy();
  });

  it('a cart taken meanwhile: the refusal, and the list asked again', async () => {
    const server = serveBooking(makeBookingView(), {
      [`GET ${CARTS}`]: () =>
        json({ availableCarts: [{ _id: OTHER_DEVICE, carNumber: '12', keyMode: false }] }),
      [`PATCH ${BOOKING_API}`]: () => json({ message: 'Overlapping booking', code: 'overlap' }, 409),
    });
    openWithCode();
    const dialog = await openCartChoice();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cart 12' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That cart has just been booked. Please choose another.',
    );
    await waitFor(() => expect(server.queriesTo(CARTS)).toHaveLength(2));
  });

  it('is not offered when the booking may not change cart', async () => {
    serveBooking(makeBookingView({ mayChangeCart: false }));
    openWithCode();
    await statePanel('prePaid');
    expect(screen.queryByRole('button', { name: 'Problem with cart?' })).toBeNull();
  });
});
