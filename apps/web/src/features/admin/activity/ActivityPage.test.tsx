import { dayRangeInstants, type ActivityEntryView, type CartView } from '@fairway/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeCart } from '../../../test/carts';
import { json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { ADMIN_SITES, uuidOf } from '../components/testing/admin-fixtures';
import { ActivityPage } from './ActivityPage';

const [DEMO, SECOND] = ADMIN_SITES as [(typeof ADMIN_SITES)[number], (typeof ADMIN_SITES)[number]];
const cart12: CartView = makeCart({ _id: uuidOf('c', 12), carNumber: '12', siteID: DEMO._id });
const cart3: CartView = makeCart({ _id: uuidOf('c', 3), carNumber: '3', siteID: DEMO._id });
const elsewhere: CartView = makeCart({ _id: uuidOf('c', 40), carNumber: '40', siteID: SECOND._id });

function entry(n: number, overrides: Partial<ActivityEntryView> = {}): ActivityEntryView {
  return {
    _id: uuidOf('e', n),
    date: new Date(Date.UTC(2026, 10, 20, 9, 30) - n * 60_000).toISOString(),
    type: 'device_connected',
    message: `Cart 12 connected (${n})`,
    site: DEMO._id,
    device: { _id: cart12._id, carNumber: '12' },
    data: { csq: 18, wifiSignal: -62, conType: 'W' },
    ...overrides,
  };
}

const page = (entries: ActivityEntryView[], totalItems = entries.length) => ({
  data: entries,
  pagination: {
    currentPage: 1,
    totalPages: Math.max(1, Math.ceil(totalItems / 20)),
    totalItems,
    itemsPerPage: 20,
    nextPage: null,
    prevPage: null,
  },
});

function renderActivity(routes: Parameters<typeof renderOperatorPage>[0]['routes'] = {}) {
  return renderOperatorPage({
    role: 'superadmin',
    path: '/admin/activity',
    url: '/admin/activity',
    element: <ActivityPage />,
    routes: {
      'GET /api/admin/sites': () => json(ADMIN_SITES),
      'GET /api/admin/devices': () => json({ ...page([]), data: [cart12, elsewhere, cart3], sites: [] }),
      'GET /api/admin/activity': () => json(page([entry(1)])),
      ...routes,
    },
  });
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const firstEntry = () => screen.findByTestId(`activity-entry-${uuidOf('e', 1)}`, {}, { timeout: 5000 });

async function chooseOption(testId: string, name: string | RegExp) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());

describe('ActivityPage', () => {
  it('lists the newest page of the log with time, type, cart, message and the link data in words', async () => {
    const failed = entry(2, {
      type: 'command_failed',
      message: 'Unlock failed: lock motor jammed',
      data: { commandId: 'x', name: 'unlock', source: 'guest', error: 'lock motor jammed' },
    });
    const platform = entry(3, {
      type: 'auth_refused',
      message: 'Broker refused a connection',
      device: null,
      data: {},
    });
    const server = renderActivity({
      'GET /api/admin/activity': () => json(page([entry(1), failed, platform], 45)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity log' })).toBeTruthy();

    const first = within(await firstEntry());
    expect(first.getByText('Cart 12 connected (1)')).toBeTruthy();
    expect(first.getByTestId('activity-type').textContent).toBe('Connected');
    expect(first.getByTestId('activity-cart-number').textContent).toBe('Cart 12');
    expect(first.getByTestId('activity-data').textContent).toBe(
      'via WiFi · Cellular CSQ 18 (3/4) · WiFi -62 dBm (76%)',
    );
    expect(first.getByRole('time').getAttribute('dateTime')).toBe(entry(1).date);

    const second = within(screen.getByTestId(`activity-entry-${uuidOf('e', 2)}`));
    expect(second.getByTestId('activity-type').textContent).toBe('Command failed');
    expect(second.getByTestId('activity-data').textContent).toBe(
      'name: unlock · source: guest · error: lock motor jammed',
    );
    const third = within(screen.getByTestId(`activity-entry-${uuidOf('e', 3)}`));
    expect(third.getByTestId('activity-cart-number').textContent).toBe('Platform');

    // Newest first is the server's order; the page asks for page 1 of 20 without filters.
    expect(server.queriesTo('/api/admin/activity')).toEqual([{ page: '1', limit: '20' }]);
    expect(screen.getByText('1–20 of 45')).toBeTruthy();
  });

  it('pages on the server, and changes the page size back to page 1', async () => {
    const server = renderActivity({
      'GET /api/admin/activity': (call) => json(page([entry(Number(call.query.get('page')))], 45)),
    });
    await firstEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByTestId(`activity-entry-${uuidOf('e', 2)}`);
    expect(server.queriesTo('/api/admin/activity').at(-1)).toEqual({ page: '2', limit: '20' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Entries per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() =>
      expect(server.queriesTo('/api/admin/activity').at(-1)).toEqual({ page: '1', limit: '50' }),
    );
  });

  it("filters by site, then by one of that site's carts", async () => {
    const server = renderActivity();
    await firstEntry();
    // Without a site there is no cart to choose.
    expect(
      within(screen.getByTestId('activity-cart')).getByRole('combobox').getAttribute('aria-disabled'),
    ).toBe('true');

    await chooseOption('activity-site', 'Demo Golf Club');
    await waitFor(() =>
      expect(server.queriesTo('/api/admin/activity').at(-1)).toEqual({
        siteId: DEMO._id,
        page: '1',
        limit: '20',
      }),
    );
    fireEvent.mouseDown(within(screen.getByTestId('activity-cart')).getByRole('combobox'));
    // Only the site's carts, by number (once the fleet has loaded).
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'All carts',
        'Cart 3',
        'Cart 12',
      ]),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Cart 12' }));
    await waitFor(() =>
      expect(server.queriesTo('/api/admin/activity').at(-1)).toEqual({
        siteId: DEMO._id,
        deviceId: cart12._id,
        page: '1',
        limit: '20',
      }),
    );

    // Another site drops the cart.
    await chooseOption('activity-site', 'Second Club');
    await waitFor(() =>
      expect(server.queriesTo('/api/admin/activity').at(-1)).toEqual({
        siteId: SECOND._id,
        page: '1',
        limit: '20',
      }),
    );
  });

  it('asks for the start day from its midnight, in the browser’s zone', async () => {
    const server = renderActivity();
    await firstEntry();
    // The field's hidden input takes a whole date as typed or pasted (dd/MM/yyyy in English).
    const field = screen.getByRole('group', { name: 'Start date' }).closest('.MuiPickersInputBase-root');
    fireEvent.change(field!.querySelector('input')!, { target: { value: '15/11/2026' } });
    const expected = dayRangeInstants(
      { from: '2026-11-15', to: '2026-11-15' },
      browserZone,
    ).from.toISOString();
    await waitFor(() => expect(server.queriesTo('/api/admin/activity').at(-1)?.startDate).toBe(expected));
  });

  it('searches the messages once typing has paused (700 ms)', async () => {
    const server = renderActivity();
    await firstEntry();
    const before = server.queriesTo('/api/admin/activity').length;
    fireEvent.change(screen.getByTestId('activity-search'), { target: { value: 'jammed' } });
    // Still typing: nothing asked yet.
    expect(server.queriesTo('/api/admin/activity')).toHaveLength(before);
    await waitFor(
      () =>
        expect(server.queriesTo('/api/admin/activity').at(-1)).toEqual({
          q: 'jammed',
          page: '1',
          limit: '20',
        }),
      {
        timeout: 3000,
      },
    );
  });

  it("clears a cart's log after confirming, and tells how many entries went", async () => {
    let cleared = false;
    const server = renderActivity({
      'GET /api/admin/activity': () => json(page(cleared ? [] : [entry(1)])),
      'DELETE /api/admin/activity': () => {
        cleared = true;
        return json({ deleted: 37 });
      },
    });
    await firstEntry();
    const clear = screen.getByTestId('activity-clear') as HTMLButtonElement;
    // Nothing chosen: nothing it may clear.
    expect(clear.disabled).toBe(true);

    await chooseOption('activity-site', 'Demo Golf Club');
    await chooseOption('activity-cart', 'Cart 12');
    fireEvent.click(screen.getByTestId('activity-clear'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Clear activity log?' }));
    expect(dialog.getByText(/Every entry of Cart 12 at Demo Golf Club will be deleted/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Clear log' }));

    expect(await screen.findByText('37 entries deleted')).toBeTruthy();
    expect(
      server.callsTo('DELETE', '/api/admin/activity').map((call) => Object.fromEntries(call.query)),
    ).toEqual([{ deviceId: cart12._id, siteId: DEMO._id }]);
    // The log is read again: now empty, and it says so.
    expect(await screen.findByText('No activity')).toBeTruthy();
    expect(screen.getByText('Nothing was logged that matches these filters.')).toBeTruthy();
  });

  it("clears a whole site's log; Cancel clears nothing", async () => {
    const server = renderActivity({ 'DELETE /api/admin/activity': () => json({ deleted: 1 }) });
    await firstEntry();
    await chooseOption('activity-site', 'Second Club');
    fireEvent.click(screen.getByTestId('activity-clear'));
    let dialog = within(await screen.findByRole('dialog', { name: 'Clear activity log?' }));
    expect(dialog.getByText(/Every entry of Second Club and its carts/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('DELETE', '/api/admin/activity')).toEqual([]);

    fireEvent.click(screen.getByTestId('activity-clear'));
    dialog = within(await screen.findByRole('dialog', { name: 'Clear activity log?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Clear log' }));
    expect(await screen.findByText('1 entry deleted')).toBeTruthy();
    expect(
      server.callsTo('DELETE', '/api/admin/activity').map((call) => Object.fromEntries(call.query)),
    ).toEqual([{ siteId: SECOND._id }]);
  });

  it('says when clearing was refused, and keeps the log', async () => {
    renderActivity({
      'DELETE /api/admin/activity': () =>
        json({ message: 'Choose a cart or a site whose log to clear' }, 400),
    });
    await firstEntry();
    await chooseOption('activity-site', 'Demo Golf Club');
    fireEvent.click(screen.getByTestId('activity-clear'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear log' }));
    expect(await screen.findByText('Choose a cart or a site whose log to clear')).toBeTruthy();
    expect(screen.getByTestId(`activity-entry-${uuidOf('e', 1)}`)).toBeTruthy();
  });

  it('switches the log panel to dark and remembers it', async () => {
    renderActivity();
    await firstEntry();
    expect(screen.getByTestId('activity-panel').dataset.look).toBe('light');
    await act(async () => {
      fireEvent.click(screen.getByTestId('activity-dark'));
    });
    expect(screen.getByTestId('activity-panel').dataset.look).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.adminActivityTheme)).toBe('dark');
  });

  it('opens dark when dark was chosen before', async () => {
    localStorage.setItem(STORAGE_KEYS.adminActivityTheme, 'dark');
    renderActivity();
    await firstEntry();
    expect(screen.getByTestId('activity-panel').dataset.look).toBe('dark');
    expect((screen.getByTestId('activity-dark') as HTMLInputElement).checked).toBe(true);
  });

  it('shows skeletons while the first page loads', async () => {
    renderActivity({ 'GET /api/admin/activity': () => new Promise<Response>(() => undefined) });
    expect(await screen.findByTestId('activity-loading')).toBeTruthy();
    expect(screen.queryByText('No activity')).toBeNull();
  });

  it('says so when nothing has been logged yet', async () => {
    renderActivity({ 'GET /api/admin/activity': () => json(page([])) });
    expect(await screen.findByText('No activity', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/Nothing has been logged yet/)).toBeTruthy();
  });

  it('says when the log cannot be read, and reads it again on Retry', async () => {
    let fail = true;
    renderActivity({
      'GET /api/admin/activity': () =>
        fail ? json({ message: 'Database unavailable' }, 503) : json(page([entry(1)])),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await firstEntry()).toBeTruthy();
  });
});
