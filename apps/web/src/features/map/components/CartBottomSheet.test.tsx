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

function renderSheet(cart: CartView) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CartBottomSheet cart={cart} onClose={() => undefined} />
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
