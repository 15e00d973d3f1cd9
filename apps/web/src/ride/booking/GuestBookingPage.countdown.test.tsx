import type { GuestBookingView } from '@fairway/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../test/fetch-mock';
import { rememberBookingCode } from '../lib/guest-codes';
import { SITE } from '../test/fixtures';
import { advance, renderWithI18n, resetRideAroundEachTest, useFakeClock } from '../test/render';
import type { SupportedLocale } from '../../lib/locale';
import { BOOKING, BOOKING_API, BOOKING_CODE, makeBookingView, makePublicSite } from './booking.fixtures';
import GuestBookingPage from './GuestBookingPage';

resetRideAroundEachTest();
beforeEach(() => {
  window.sessionStorage.clear();
  rememberBookingCode(BOOKING, BOOKING_CODE);
});

/** The page (on the test's fake clock), the server answering each GET with the next of `views`. */
async function openWith(views: GuestBookingView[], locale: SupportedLocale = 'en') {
  let read = 0;
  const server = installFetchMock({
    [`GET ${BOOKING_API}`]: () => json(views[Math.min(read++, views.length - 1)]),
    [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite()),
  });
  renderWithI18n(<GuestBookingPage bookingId={BOOKING} />, locale);
  await advance(0);
  await advance(0);
  const panel = document.querySelector('[data-state="prePaid"]') as HTMLElement;
  expect(panel).not.toBeNull();
  return {
    server,
    panel,
    unlock: () =>
      within(panel).getByRole('button', { name: /Unlock cart|Odemknout vozík/ }) as HTMLButtonElement,
    countdown: () => screen.queryByTestId('booking-countdown')?.textContent ?? null,
  };
}

describe('prePaid before its window (fake clock)', () => {
  it('counts down, and at zero reads the booking again and enables the unlock without a reload', async () => {
    const before = makeBookingView({ serverTime: '2026-06-01T07:59:57.000Z' });
    const open = makeBookingView({ serverTime: '2026-06-01T08:00:00.000Z' });
    useFakeClock('2026-06-01T07:59:57.000Z');
    const { server, panel, unlock, countdown } = await openWith([before, open]);
    expect(countdown()).toBe('Unlocking opens in 0:03');
    expect(unlock().disabled).toBe(true);

    await advance(1_000);
    expect(countdown()).toBe('Unlocking opens in 0:02');
    expect(server.callsTo('GET', BOOKING_API)).toHaveLength(1);

    await advance(2_000);
    await advance(0);
    expect(countdown()).toBeNull();
    expect(within(panel).getByText('You can unlock the cart now.')).toBeTruthy();
    expect(unlock().disabled).toBe(false);
    expect(server.callsTo('GET', BOOKING_API)).toHaveLength(2);
  });

  it("counts on the server's clock, not the phone's", async () => {
    // The phone runs 10 minutes fast: the server says 07:50, so 10 minutes remain.
    const before = makeBookingView({ serverTime: '2026-06-01T07:50:00.000Z' });
    useFakeClock('2026-06-01T08:00:00.000Z');
    const { countdown, unlock } = await openWith([before]);
    expect(countdown()).toBe('Unlocking opens in 10:00');
    expect(unlock().disabled).toBe(true);
  });

  it('hours and days ahead, in the guest language', async () => {
    const before = makeBookingView({ serverTime: '2026-05-30T06:58:55.000Z' });
    useFakeClock('2026-05-30T06:58:55.000Z');
    const { countdown } = await openWith([before], 'cs');
    expect(countdown()).toBe('Odemknout půjde za 2 dny 1:01:05');
    expect(screen.getByText(/Vozík můžete odemknout od po 1\. 6\. 10:00\./)).toBeTruthy();
  });
});
