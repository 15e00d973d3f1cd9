import '../../../lib/i18n';
import type { CartView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { storeTokens } from '../../../lib/auth-tokens';
import { setSelectedSite } from '../../../lib/selected-site';
import { makeCart, SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { CartBottomSheet } from './CartBottomSheet';

function renderSheet(cart: CartView, timeZone?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CartBottomSheet cart={cart} timeZone={timeZone} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return within(screen.getByTestId('map-bottom-sheet'));
}

/** The value the sheet shows under `label`. */
const fact = (sheet: ReturnType<typeof renderSheet>, label: string) =>
  sheet.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  localStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ role: 'basic' }), refreshToken: 'refresh' });
  setSelectedSite(SITE_A, null);
  installFetchMock({ 'GET /api/dashboard/sites': () => json(makeSite()) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the map’s cart pane (issue 15 item 14)', () => {
  it('names the driver of the ride the cart is in use for, and the distance so far', () => {
    const sheet = renderSheet(
      makeCart({ inUse: true, lockStatus: 0, driverName: 'Eva Berg', tripDistance: 1.3 }),
    );
    expect(fact(sheet, 'Driver')).toBe('Eva Berg');
    expect(fact(sheet, 'Trip distance')).toBe('1.3 km');
    expect(sheet.getByText('In use')).toBeTruthy();
  });

  it('says a ride without a driver’s name is one, not "no active ride"', () => {
    const sheet = renderSheet(makeCart({ inUse: true, lockStatus: 0, driverName: null, tripDistance: 0 }));
    expect(fact(sheet, 'Driver')).toBe('No name given');
    expect(fact(sheet, 'Trip distance')).toBe('0.0 km');
  });

  it('shows an unlocked cart without a ride as unlocked, with no ride and no distance', () => {
    const sheet = renderSheet(makeCart({ inUse: false, lockStatus: 0 }));
    expect(fact(sheet, 'Driver')).toBe('No active ride');
    expect(sheet.queryByText('Trip distance')).toBeNull();
    expect(sheet.getAllByText('Unlocked').length).toBeGreaterThan(0);
    expect(sheet.queryByText('In use')).toBeNull();
  });
});

describe('bookings on the cart pane (issue 17 item 6)', () => {
  const MIN = 60_000;
  const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
  const booking = (from: number, to: number, over: Partial<CartView['bookings'][number]> = {}) => ({
    _id: `b-${from}`,
    bookingType: 'booking' as const,
    start: iso(from),
    end: iso(to),
    name: 'Bea Booker',
    scheduleUnlock: false,
    ...over,
  });

  it('reads a locked cart with a booking under way as booked, names the booker and the times', () => {
    const sheet = renderSheet(
      makeCart({ bookings: [booking(-10, 50)], driverName: 'Bea Booker', displayLockStatus: 'booked' }),
      'UTC',
    );
    expect(fact(sheet, 'Lock')).toBe('Booked');
    expect(fact(sheet, 'Driver')).toBe('Bea Booker');
    expect(fact(sheet, 'Booking')).toMatch(/^Booked \d{1,2}[:.]\d{2}.*–.* · Bea Booker$/);
  });

  it('shows maintenance while a block is current, and a later booking as booked from its start', () => {
    const blocked = renderSheet(
      makeCart({ bookings: [booking(-10, 50, { bookingType: 'cart_maintenance', name: '' })] }),
      'UTC',
    );
    expect(fact(blocked, 'Lock')).toBe('Maintenance');
    expect(fact(blocked, 'Booking')).toMatch(/^Maintenance until /);
    cleanup();
    const later = renderSheet(makeCart({ bookings: [booking(60, 120, { name: 'Lee Later' })] }), 'UTC');
    expect(fact(later, 'Lock')).toBe('Locked');
    expect(fact(later, 'Booking')).toMatch(/^Booked from .* · Lee Later$/);
  });

  it('an unlocked cart reads unlocked whatever it is booked for', () => {
    const sheet = renderSheet(makeCart({ lockStatus: 0, bookings: [booking(-10, 50)] }), 'UTC');
    expect(fact(sheet, 'Lock')).toBe('Unlocked');
  });
});
