import type { ZoneAlert } from '@fairway/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { dismissAllToasts, useToasts } from '../../lib/notifications';
import { relaySocketEvent } from '../realtime';
import { useZoneAlertedCarts } from './use-zone-alerts';

afterEach(() => {
  cleanup();
  dismissAllToasts();
});

const SITE = '00000000-0000-4000-8000-00000000000a';
const alert = (overrides: Partial<ZoneAlert>): ZoneAlert => ({
  siteId: SITE,
  deviceId: 'cart-1',
  carNumber: '7',
  zoneId: 'zone-1',
  zoneType: 'restriction',
  kind: 'enter',
  ts: new Date().toISOString(),
  ...overrides,
});

function setup(siteId: string | null = SITE) {
  const carts = renderHook(() => useZoneAlertedCarts(siteId));
  const toasts = renderHook(() => useToasts());
  const send = (payload: ZoneAlert) => act(() => relaySocketEvent('zone:alert', payload));
  return { carts, toasts, send };
}

describe('useZoneAlertedCarts', () => {
  it('highlights a cart inside a restriction zone until it leaves, with a warning toast on entry', () => {
    const { carts, toasts, send } = setup();
    expect(carts.result.current.size).toBe(0);
    send(alert({}));
    expect([...carts.result.current]).toEqual(['cart-1']);
    expect(toasts.result.current).toEqual([
      expect.objectContaining({ message: 'Cart 7 entered a restriction zone', severity: 'warning' }),
    ]);
    send(alert({ kind: 'exit' }));
    expect(carts.result.current.size).toBe(0);
    expect(toasts.result.current).toHaveLength(1);
  });

  it('keeps the highlight while the cart is still inside another restriction zone', () => {
    const { carts, send } = setup();
    send(alert({ zoneId: 'zone-1' }));
    send(alert({ zoneId: 'zone-2' }));
    send(alert({ zoneId: 'zone-1', kind: 'exit' }));
    expect([...carts.result.current]).toEqual(['cart-1']);
  });

  it('treats leaving the geofence as the alarm and coming back as the all-clear', () => {
    const { carts, toasts, send } = setup();
    send(alert({ zoneType: 'geofence', kind: 'exit' }));
    expect([...carts.result.current]).toEqual(['cart-1']);
    expect(toasts.result.current[0]?.message).toBe('Cart 7 left the geofence');
    send(alert({ zoneType: 'geofence', kind: 'enter' }));
    expect(carts.result.current.size).toBe(0);
  });

  it("ignores another site's alerts and has none without a site", () => {
    const { carts, toasts, send } = setup();
    send(alert({ siteId: '00000000-0000-4000-8000-00000000000b' }));
    expect(carts.result.current.size).toBe(0);
    expect(toasts.result.current).toHaveLength(0);
    const none = setup(null);
    none.send(alert({}));
    expect(none.carts.result.current.size).toBe(0);
  });
});
