import type { CartView, Role } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { NotificationHost } from '../../components/NotificationHost';
import { storeTokens } from '../../lib/auth-tokens';
import '../../lib/i18n';
import { dismissAllToasts } from '../../lib/notifications';
import { setSelectedSite } from '../../lib/selected-site';
import { STORAGE_KEYS } from '../../lib/storage';
import { makeCart, SITE_A } from '../../test/carts';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json } from '../../test/fetch-mock';
import { makeBooking } from '../bookings/testing/booking-fixtures';
import { makeCommand, makeSite } from '../commands/testing/fixtures';
import { realtimeStore } from '../realtime';
import { FleetPage } from './FleetPage';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';

function mockServer(
  role: Role,
  siteFields: Parameters<typeof makeSite>[0] = {},
  routes: Parameters<typeof installFetchMock>[0] = {},
) {
  return installFetchMock({
    ...routes,
    'GET /api/dashboard/sites': () => json(makeSite(siteFields)),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    'GET /api/dashboard/devices': () => json([]),
    'POST /api/dashboard/devices/lock': (call) => {
      const { ids } = call.body as { ids: string[] };
      return json({ commands: ids.map((id) => makeCommand({ deviceId: id, state: 'sent' })), skipped: [] });
    },
    'PATCH /api/dashboard/devices': (call) => {
      const { ids, updateData } = call.body as { ids: string[]; updateData: Partial<CartView> };
      const carts = ids.map((id) => realtimeStore.getState().devicesById[id]);
      return json(carts.map((cart) => ({ ...cart, ...updateData })));
    },
  });
}

/** Signs in with `role`, fills the live store with `carts` and shows the page. */
function renderFleet(
  role: Role,
  carts: CartView[],
  siteFields: Parameters<typeof makeSite>[0] = {},
  routes: Parameters<typeof installFetchMock>[0] = {},
) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const server = mockServer(role, siteFields, routes);
  realtimeStore.resetSite(SITE_A);
  realtimeStore.replaceDevices(SITE_A, carts);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationHost />
        <FleetPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const rows = () => screen.queryAllByTestId(/^fleet-row-/);
const actionsButton = () => screen.getByTestId('fleet-actions') as HTMLButtonElement;
const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => makeCart({ carNumber: String(index + 1) }));

beforeEach(() => {
  localStorage.clear();
  dismissAllToasts();
  setSelectedSite(SITE_A, USER_ID);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  realtimeStore.resetSite(null);
});

describe('FleetPage', () => {
  it('lists every cart with its status, lock state and pending updates', async () => {
    renderFleet('basic', [
      makeCart({ carNumber: '2', lockStatus: 0, inUse: true }),
      makeCart({ carNumber: '1', onlineStatus: false, updates: ['code'] }),
    ]);
    expect(rows().map((row) => row.dataset.testid)).toEqual(['fleet-row-1', 'fleet-row-2']);
    const first = within(screen.getByTestId('fleet-row-1'));
    expect(first.getByText('Offline')).toBeTruthy();
    expect(first.getByText('Code')).toBeTruthy();
    expect(screen.getByTestId('fleet-lock-state-1').dataset.state).toBe('locked');
    expect(screen.getByTestId('fleet-lock-state-2').dataset.state).toBe('unlocked');
    expect(within(screen.getByTestId('fleet-row-2')).getByText('In use')).toBeTruthy();
  });

  it(
    'says one consistent thing per cart: in use with a ride, unlocked without one (issue 15 item 15)',
    {
      timeout: 20_000,
    },
    async () => {
      const now = Date.now();
      const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
      const idle = { lockUpdatedAt: ago(12), lastMovedAt: ago(12), connectedAt: ago(120), timeUTC: ago(0) };
      renderFleet(
        'basic',
        [
          makeCart({ carNumber: '1', lockStatus: 0, inUse: false, ...idle }),
          makeCart({ carNumber: '2', lockStatus: 0, inUse: true, driverName: 'Eva Berg', ...idle }),
          // Moving: a full auto-lock period away, so no countdown.
          makeCart({ carNumber: '3', lockStatus: 0, inUse: false, ...idle, lastMovedAt: ago(0.2) }),
        ],
        { autoLock: '30' },
      );
      const first = within(screen.getByTestId('fleet-row-1'));
      expect(first.getByText('Unlocked', { selector: '.MuiChip-label' })).toBeTruthy();
      expect(first.queryByText('In use')).toBeNull();
      expect(first.getByText('No ride')).toBeTruthy();
      expect(first.getByText('Seen just now')).toBeTruthy();
      expect((await first.findByTestId('auto-lock-countdown')).textContent).toContain('18');

      const second = within(screen.getByTestId('fleet-row-2'));
      expect(second.getByText('In use')).toBeTruthy();
      expect(second.getByText('Eva Berg')).toBeTruthy();
      // Auto-lock acts on a cart standing mid-ride too (jobs/lock-candidates.ts): the countdown says so.
      expect(second.getByTestId('auto-lock-countdown').textContent).toContain('18');

      expect(within(screen.getByTestId('fleet-row-3')).queryByTestId('auto-lock-countdown')).toBeNull();
    },
  );

  it('shows no auto-lock countdown on a site that is not keyless: the server locks none there', async () => {
    const idle = new Date(Date.now() - 12 * 60_000).toISOString();
    renderFleet(
      'basic',
      [makeCart({ carNumber: '1', lockStatus: 0, lockUpdatedAt: idle, lastMovedAt: idle })],
      {
        autoLock: '30',
        keyless: false,
      },
    );
    expect(screen.getByTestId('fleet-row-1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('auto-lock-countdown')).toBeNull());
  });

  it('searches by number, name, serial or driver once typing paused', async () => {
    renderFleet('basic', [
      makeCart({ carNumber: '1', carName: 'Blue' }),
      makeCart({ carNumber: '2', carName: 'Red', driverName: 'Eva Blueberry' }),
      makeCart({ carNumber: '3', carName: 'Green' }),
    ]);
    fireEvent.change(screen.getByTestId('fleet-search'), { target: { value: 'blue' } });
    // Debounced (§9): the list changes only after 700 ms.
    expect(rows()).toHaveLength(3);
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 2_000 });

    fireEvent.change(screen.getByTestId('fleet-search'), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No devices found', {}, { timeout: 2_000 })).toBeTruthy();
  });

  // Fifty MUI rows per render are slow in jsdom, hence the longer limit.
  it('pages by 50 by default and remembers another page size', { timeout: 30_000 }, async () => {
    renderFleet('basic', numbered(55));
    expect(rows()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(rows().map((row) => row.dataset.testid)).toEqual(
      [51, 52, 53, 54, 55].map((n) => `fleet-row-${n}`),
    );

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: '20' }));
    expect(rows()).toHaveLength(20);
    expect(screen.getByTestId('fleet-row-1')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.fleetPageSize)).toBe('20');
    cleanup();

    // Remembered: the next visit starts with 20 per page.
    renderFleet('basic', numbered(25));
    expect(rows()).toHaveLength(20);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    expect(rows()).toHaveLength(25);
  });

  it('enables the actions menu for role basic only with carts selected', async () => {
    renderFleet('basic', numbered(3));
    expect(actionsButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fleet-select-2'));
    expect(actionsButton().disabled).toBe(false);
    expect(actionsButton().textContent).toContain('Actions (1)');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all carts' }));
    expect(actionsButton().textContent).toContain('Actions (3)');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all carts' }));
    expect(actionsButton().disabled).toBe(true);
  });

  it('keeps the actions menu closed to roles below basic', async () => {
    renderFleet('guest', numbered(2));
    fireEvent.click(screen.getByTestId('fleet-select-1'));
    expect(actionsButton().disabled).toBe(true);
  });

  it('locks the selected carts in bulk and reports how many got the command', async () => {
    const server = renderFleet('basic', [
      makeCart({ carNumber: '1', lockStatus: 0 }),
      makeCart({ carNumber: '2', key: '1' }),
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all carts' }));
    fireEvent.click(actionsButton());
    // §4: a warning when any selected cart is in key mode.
    expect(await screen.findByTestId('fleet-keymode-warning')).toBeTruthy();
    fireEvent.click(screen.getByTestId('fleet-action-lock'));

    expect(await screen.findByText('Command sent to 2 Car(s)')).toBeTruthy();
    const [call] = server.callsTo('POST', '/api/dashboard/devices/lock');
    expect((call?.body as { ids: string[] }).ids).toHaveLength(2);
  });

  it('opens the cart sidebar from a row for role user, not for basic', async () => {
    const cart = makeCart({ carNumber: '7' });
    renderFleet('user', [cart]);
    fireEvent.click(screen.getByTestId('fleet-row-7'));
    expect(await screen.findByTestId('cart-sidebar')).toBeTruthy();
    cleanup();

    renderFleet('basic', [cart]);
    fireEvent.click(screen.getByTestId('fleet-row-7'));
    expect(screen.queryByTestId('cart-sidebar')).toBeNull();
  });

  it('switches the selected carts to key mode after confirmation', async () => {
    const server = renderFleet('basic', numbered(2));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all carts' }));
    fireEvent.click(actionsButton());
    fireEvent.click(await screen.findByTestId('fleet-action-keymode'));
    expect(server.callsTo('PATCH', '/api/dashboard/devices')).toHaveLength(0);

    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Key mode set on 2 Car(s)')).toBeTruthy();
    const [call] = server.callsTo('PATCH', '/api/dashboard/devices');
    expect(call?.body).toMatchObject({ updateData: { key: '1' } });
    // The answer replaced the live carts at once.
    expect(Object.values(realtimeStore.getState().devicesById).every((cart) => cart.key === '1')).toBe(true);
  });

  it('shows the scheduled lock time and the master code', async () => {
    // The server sends the master code to role user and up only (basic gets null).
    renderFleet('user', numbered(1), { lockFrom: '22:30', masterUnlock: '424242' });
    const banner = await screen.findByTestId('fleet-lock-banner');
    expect(banner.textContent).toContain('22:30');
    expect(banner.textContent).toContain('Master code: 424242');
  });
});

describe('FleetPage unlock codes', () => {
  it('shows the unlock code column to role user and up, and none to basic (the server sends no codes)', async () => {
    renderFleet('user', [makeCart({ carNumber: '1', lockCode: '135790' })]);
    expect(await screen.findByRole('columnheader', { name: 'Unlock code' })).toBeTruthy();
    expect(within(screen.getByTestId('fleet-row-1')).getByText('135790')).toBeTruthy();
    cleanup();

    renderFleet('basic', [makeCart({ carNumber: '1', lockCode: null })]);
    await screen.findByTestId('fleet-row-1');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Unlock code' })).toBeNull());
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Status');
  });
});

describe('bookings in the fleet (issue 17 item 6)', () => {
  const iso = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const booking = (from: number, to: number, over: Partial<CartView['bookings'][number]> = {}) => ({
    _id: `b-${from}`,
    bookingType: 'booking' as const,
    start: iso(from),
    end: iso(to),
    name: 'Bea Booker',
    scheduleUnlock: false,
    ...over,
  });

  it('reads a booked cart as booked and one in a maintenance block as maintenance', async () => {
    renderFleet('user', [
      makeCart({ carNumber: '1', displayLockStatus: 'booked', bookings: [booking(-10, 50)] }),
      makeCart({
        carNumber: '2',
        displayLockStatus: 'maintenance',
        bookings: [booking(-10, 50, { bookingType: 'cart_maintenance', name: '' })],
      }),
      // Unlocked wins over its booking: the booked guest is out on it.
      makeCart({
        carNumber: '3',
        lockStatus: 0,
        displayLockStatus: 'unlocked',
        bookings: [booking(-10, 50)],
      }),
    ]);
    await screen.findByTestId('fleet-row-1');
    expect(screen.getByTestId('fleet-lock-state-1').dataset.state).toBe('booked');
    expect(within(screen.getByTestId('fleet-row-1')).getByText('Booked')).toBeTruthy();
    expect(screen.getByTestId('fleet-lock-state-2').dataset.state).toBe('maintenance');
    expect(within(screen.getByTestId('fleet-row-2')).getByText('Maintenance')).toBeTruthy();
    expect(screen.getByTestId('fleet-lock-state-3').dataset.state).toBe('unlocked');
  });

  it("the cart's booking view lists the rest of its day; its service reads out of service during maintenance", async () => {
    renderFleet('user', [
      makeCart({
        carNumber: '4',
        bookings: [
          booking(-10, 50, { bookingType: 'cart_maintenance', name: '' }),
          booking(120, 240, { name: 'Lee Later', scheduleUnlock: true }),
        ],
      }),
      makeCart({ carNumber: '5' }),
    ]);
    fireEvent.click(await screen.findByTestId('fleet-row-4'));
    const sidebar = within(await screen.findByTestId('cart-sidebar'));
    const view = within(sidebar.getByTestId('cart-bookings-today'));
    expect(view.getByText('Bookings today')).toBeTruthy();
    expect(view.getByText('Lee Later')).toBeTruthy();
    expect(view.getByText('Auto-unlock')).toBeTruthy();
    expect(view.getAllByText('Maintenance').length).toBe(1);
    expect(view.getByText('Now')).toBeTruthy();
    expect(view.getByRole('link', { name: 'Open the booking calendar' }).getAttribute('href')).toBe(
      '/bookings',
    );
    expect(sidebar.getByText('Out of service (maintenance)')).toBeTruthy();
    const toggle = sidebar.getByTestId('cart-service-toggle') as HTMLButtonElement;
    expect(toggle.textContent).toBe('In service');
    expect(toggle.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('fleet-row-5'));
    const other = within(await screen.findByTestId('cart-sidebar'));
    await waitFor(() => expect(other.getByText('No more bookings today.')).toBeTruthy());
    expect((other.getByTestId('cart-service-toggle') as HTMLButtonElement).disabled).toBe(false);
  });

  it("opens a booking's view from the cart, and a new maintenance block for the cart", async () => {
    const bookingId = '00000000-0000-4000-8000-0000000000b1';
    const cart = makeCart({
      carNumber: '6',
      bookings: [booking(120, 240, { _id: bookingId, name: 'Lee Later' })],
    });
    const stored = makeBooking({
      _id: bookingId,
      device: cart._id,
      carNumber: '6',
      name: 'Lee Later',
      start: iso(120),
      end: iso(240),
    });
    renderFleet(
      'user',
      [cart],
      {},
      {
        [`GET /api/dashboard/bookings/${bookingId}`]: () => json(stored),
        'GET /api/dashboard/bookings': () => json([]),
      },
    );
    fireEvent.click(await screen.findByTestId('fleet-row-6'));
    const sidebar = within(await screen.findByTestId('cart-sidebar'));
    fireEvent.click(sidebar.getByRole('button', { name: /Lee Later/ }));
    // The dialogs load on demand, with the date pickers.
    const view = within(await screen.findByRole('dialog', { name: 'Booking' }, { timeout: 15_000 }));
    expect(view.getByText('Lee Later')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Booking' })).toBeNull());

    fireEvent.click(sidebar.getByRole('button', { name: 'Schedule maintenance' }));
    const maintenance = within(await screen.findByRole('dialog', { name: 'New maintenance' }));
    expect(maintenance.getByRole('combobox', { name: /Cart/ }).textContent).toContain('6');
  });

  it('offers no maintenance where an integration owns the bookings', async () => {
    renderFleet('user', [makeCart({ carNumber: '7' })], { bookingIntegration: true });
    fireEvent.click(await screen.findByTestId('fleet-row-7'));
    const sidebar = within(await screen.findByTestId('cart-sidebar'));
    await waitFor(() => expect(sidebar.getByText('No more bookings today.')).toBeTruthy());
    expect(sidebar.queryByRole('button', { name: 'Schedule maintenance' })).toBeNull();
  });
});
