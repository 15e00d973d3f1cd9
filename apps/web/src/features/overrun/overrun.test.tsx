import axe from 'axe-core';
import type { RideOverrunAlert, RideOverrunMarkView } from '@fairway/domain';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationHost } from '../../components/NotificationHost';
import '../../lib/i18n';
import { dismissAllToasts, useToasts } from '../../lib/notifications';
import { makeCart, SITE_A, SITE_B } from '../../test/carts';
import { relaySocketEvent } from '../realtime';
import { OverdueBadge } from './components/OverdueBadge';
import { OverdueFilterChip } from './components/OverdueFilterChip';
import { OverdueRideLine } from './components/OverdueRideLine';
import { overdueCartIds } from './lib/overdue-carts';
import { formatOverdueDuration } from './lib/overdue-format';
import { useOverrunAlerts } from './use-overrun-alerts';

const MIN = 60_000;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** An open ride's marks: started `minutesAgo` before NOW on a 60-minute service, the default grace. */
const mark = (minutesAgo: number, overrides: Partial<RideOverrunMarkView> = {}): RideOverrunMarkView => ({
  rideId: `eeeeeeee-eeee-4eee-8eee-${String(minutesAgo).padStart(12, '0')}`,
  start: iso(NOW - minutesAgo * MIN),
  serviceMinutes: 60,
  pausedSeconds: 0,
  pausedAt: null,
  graceMinutes: 10,
  alertedAt: null,
  ...overrides,
});

const ALERT: RideOverrunAlert = {
  siteId: SITE_A,
  rideId: mark(70).rideId,
  deviceId: 'cccccccc-cccc-4ccc-8ccc-000000000077',
  carNumber: '7',
  dueAt: iso(NOW - 10 * MIN),
  hole: 4,
  ts: iso(NOW),
};

beforeEach(() => dismissAllToasts());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('how late, in words', () => {
  it('writes whole minutes, hours from an hour on, in the interface language', () => {
    expect(formatOverdueDuration(12 * 60 + 59, 'en')).toBe('12 min');
    expect(formatOverdueDuration(20, 'en')).toBe('1 min');
    expect(formatOverdueDuration(65 * 60, 'en')).toBe('1 hr 5 min');
    expect(formatOverdueDuration(120 * 60, 'en')).toBe('2 hr');
    expect(formatOverdueDuration(12 * 60, 'de')).toBe('12 Min.');
    expect(formatOverdueDuration(12 * 60, 'cs')).toBe('12 min');
  });
});

describe('overdue carts', () => {
  it('are the carts in use from their alert instant on, or whose alert came already', () => {
    const early = makeCart({ inUse: true, overrun: mark(70, { start: iso(NOW - 70 * MIN + 1000) }) });
    const due = makeCart({ inUse: true, overrun: mark(70) });
    const parked = makeCart({ inUse: false, overrun: mark(200) });
    const noService = makeCart({ inUse: true, overrun: null });
    // The browser's clock runs behind: the server's alert counts all the same.
    const alerted = makeCart({ inUse: true, overrun: mark(65) });
    const ids = overdueCartIds([early, due, parked, noService, alerted], NOW, new Set([mark(65).rideId]));
    expect([...ids].sort()).toEqual([due._id, alerted._id].sort());
  });
});

describe('the ride pane line', () => {
  it('says how late and near which hole once past the grace, and nothing before or while paused', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { rerender } = render(<OverdueRideLine overrun={mark(85)} hole={7} />);
    expect(screen.getByTestId('ride-overdue').textContent).toBe('Overdue by 25 min, near hole 7');
    rerender(<OverdueRideLine overrun={mark(85)} hole={null} />);
    expect(screen.getByTestId('ride-overdue').textContent).toBe('Overdue by 25 min');
    // Past due but inside the grace.
    rerender(<OverdueRideLine overrun={mark(69)} hole={7} />);
    expect(screen.queryByTestId('ride-overdue')).toBeNull();
    // Paused after 50 minutes, long ago: the pause does not count.
    rerender(<OverdueRideLine overrun={mark(300, { pausedAt: iso(NOW - 250 * MIN) })} hole={7} />);
    expect(screen.queryByTestId('ride-overdue')).toBeNull();
    rerender(<OverdueRideLine overrun={null} hole={7} />);
    expect(screen.queryByTestId('ride-overdue')).toBeNull();
  });
});

describe('the alert toast', () => {
  it("toasts each alert of the site with the hole, and none of another site's", () => {
    const alerts = renderHook(() => useOverrunAlerts(SITE_A));
    const toasts = renderHook(() => useToasts());
    act(() => relaySocketEvent('ride:overrun', { ...ALERT, siteId: SITE_B }));
    expect(toasts.result.current).toEqual([]);
    act(() => relaySocketEvent('ride:overrun', ALERT));
    act(() =>
      relaySocketEvent('ride:overrun', { ...ALERT, rideId: mark(71).rideId, hole: null, carNumber: '8' }),
    );
    expect(toasts.result.current.map((toast) => [toast.message, toast.severity])).toEqual([
      ['Cart 7 is overdue, near hole 4', 'warning'],
      ['Cart 8 is overdue', 'warning'],
    ]);
    expect([...alerts.result.current]).toEqual([ALERT.rideId, mark(71).rideId]);
  });

  it('links to the cart on the map, and the link closes the toast', async () => {
    function Alerts() {
      useOverrunAlerts(SITE_A);
      const location = useLocation();
      return <output data-testid="location">{location.pathname + location.search}</output>;
    }
    const router = createMemoryRouter([
      {
        path: '/*',
        element: (
          <>
            <NotificationHost />
            <Alerts />
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    act(() => relaySocketEvent('ride:overrun', ALERT));
    expect(await screen.findByText('Cart 7 is overdue, near hole 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Show cart' }));
    expect(screen.getByTestId('location').textContent).toBe(`/?cart=${ALERT.deviceId}`);
    expect(screen.queryByText('Cart 7 is overdue, near hole 4')).toBeNull();
  });
});

describe('the marks', () => {
  it('badge and toggle say what they are to every user (axe: no serious or critical violation)', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <>
        <OverdueBadge />
        <OverdueFilterChip count={2} on={false} onChange={onChange} />
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Overdue (2)' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
    // Contrast needs real layout and colours, which jsdom has not (the Playwright check covers it).
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    rerender(<OverdueFilterChip count={0} on={false} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Overdue (0)' }).getAttribute('aria-disabled')).toBe('true');
  });
});
