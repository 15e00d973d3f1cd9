import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { storeTokens } from '../../lib/auth-tokens';
import '../../lib/i18n';
import { dismissAllToasts, useToasts } from '../../lib/notifications';
import { setSelectedSite } from '../../lib/selected-site';
import { makeCart, SITE_A } from '../../test/carts';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json } from '../../test/fetch-mock';
import { realtimeStore } from '../realtime';
import { makeCommand, makeSite } from './testing/fixtures';
import { useLockToggle } from './use-lock-toggle';
import type { Role } from '@fairway/domain';

function signInAs(role: Role) {
  storeTokens({ accessToken: fakeAccessToken({ role }), refreshToken: 'refresh' });
}

function renderToggle(cart: ReturnType<typeof makeCart>) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ toggle: useLockToggle(cart), toasts: useToasts() }), { wrapper });
}

beforeEach(() => {
  localStorage.clear();
  dismissAllToasts();
  setSelectedSite(SITE_A, null);
  realtimeStore.resetSite(SITE_A);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  realtimeStore.resetSite(null);
});

describe('useLockToggle', () => {
  it('unlocks a locked cart and confirms once the cart acknowledged', async () => {
    signInAs('basic');
    const cart = makeCart({ lockStatus: 1 });
    realtimeStore.replaceDevices(SITE_A, [cart]);
    const server = installFetchMock({
      'GET /api/dashboard/sites': () => json(makeSite()),
      [`POST /api/dashboard/devices/${cart._id}/unlock`]: () =>
        json({
          command: makeCommand({ deviceId: cart._id, name: 'unlock' }),
          device: { ...cart, lockStatus: 0 },
        }),
    });
    const { result } = renderToggle(cart);
    await waitFor(() => expect(result.current.toggle.disabledReason).toBeNull());

    act(() => result.current.toggle.toggle());
    await waitFor(() =>
      expect(result.current.toasts.map((toast) => toast.message)).toEqual([
        `Cart ${cart.carNumber} unlocked`,
      ]),
    );
    expect(server.callsTo('POST', `/api/dashboard/devices/${cart._id}/unlock`)).toHaveLength(1);
    // The answer's cart replaces the live copy at once.
    expect(realtimeStore.getState().devicesById[cart._id]?.lockStatus).toBe(0);
    expect(result.current.toggle.pending).toBe(false);
  });

  it('shows the answer to the latest command at once, not after the previous one (issue 15 item 15)', async () => {
    signInAs('basic');
    const unlocked = makeCart({ lockStatus: 0 });
    const locked = { ...unlocked, lockStatus: 1 as const };
    installFetchMock({
      'GET /api/dashboard/sites': () => json(makeSite()),
      [`POST /api/dashboard/devices/${unlocked._id}/lock`]: () =>
        json({ command: makeCommand({ deviceId: unlocked._id, name: 'lock' }), device: locked }),
      [`POST /api/dashboard/devices/${unlocked._id}/unlock`]: () =>
        json({ command: makeCommand({ deviceId: unlocked._id, name: 'unlock' }), device: unlocked }),
    });
    const queryClient = createQueryClient();
    const { result, rerender } = renderHook(
      ({ cart }) => ({ toggle: useLockToggle(cart), toasts: useToasts() }),
      {
        initialProps: { cart: unlocked },
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        ),
      },
    );
    await waitFor(() => expect(result.current.toggle.disabledReason).toBeNull());
    act(() => result.current.toggle.toggle());
    await waitFor(() =>
      expect(result.current.toasts.map((toast) => toast.message)).toEqual([
        `Cart ${unlocked.carNumber} locked`,
      ]),
    );

    rerender({ cart: locked });
    act(() => result.current.toggle.toggle());
    // The host shows the first toast: it is the unlock's, and the lock's is gone rather than queued before it.
    await waitFor(() =>
      expect(result.current.toasts.map((toast) => toast.message)).toEqual([
        `Cart ${unlocked.carNumber} unlocked`,
      ]),
    );
  });

  it("says 'Cart could not be locked' when the poll window closed without an answer", async () => {
    signInAs('basic');
    const cart = makeCart({ lockStatus: 0 });
    installFetchMock({
      'GET /api/dashboard/sites': () => json(makeSite()),
      [`POST /api/dashboard/devices/${cart._id}/lock`]: () =>
        json({ command: makeCommand({ deviceId: cart._id, state: 'failed' }), device: cart }),
    });
    const { result } = renderToggle(cart);
    await waitFor(() => expect(result.current.toggle.disabledReason).toBeNull());
    act(() => result.current.toggle.toggle());
    await waitFor(() =>
      expect(result.current.toasts[0]).toMatchObject({
        message: 'Cart could not be locked',
        severity: 'error',
      }),
    );
  });

  it("shows 'Cart is already locked' and reloads the stale cart", async () => {
    signInAs('basic');
    const stale = makeCart({ lockStatus: 0 });
    realtimeStore.replaceDevices(SITE_A, [stale]);
    const server = installFetchMock({
      'GET /api/dashboard/sites': () => json(makeSite()),
      [`POST /api/dashboard/devices/${stale._id}/lock`]: () =>
        json({ message: 'Cart is already locked', code: 'alreadyLocked' }, 409),
      [`GET /api/dashboard/devices/${stale._id}`]: () => json({ ...stale, lockStatus: 1 }),
    });
    const { result } = renderToggle(stale);
    await waitFor(() => expect(result.current.toggle.disabledReason).toBeNull());
    act(() => result.current.toggle.toggle());

    await waitFor(() => expect(result.current.toasts[0]?.message).toBe('Cart is already locked'));
    await waitFor(() => expect(realtimeStore.getState().devicesById[stale._id]?.lockStatus).toBe(1));
    expect(server.callsTo('GET', `/api/dashboard/devices/${stale._id}`)).toHaveLength(1);
  });

  it.each([
    ['guest', {}, {}, 'Your role may not lock or unlock carts'],
    ['basic', { onlineStatus: false }, {}, 'Cart is offline'],
    ['basic', { key: '1' as const }, {}, 'Cart is in key mode'],
    ['admin', {}, { keyless: false }, 'This site does not use keyless carts'],
  ])('is disabled for a %s with %o on %o: %s', async (role, cartFields, siteFields, reason) => {
    signInAs(role as Role);
    const cart = makeCart(cartFields);
    const server = installFetchMock({ 'GET /api/dashboard/sites': () => json(makeSite(siteFields)) });
    const { result } = renderToggle(cart);
    await waitFor(() => expect(result.current.toggle.disabledReason).toBe(reason));
    act(() => result.current.toggle.toggle());
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
