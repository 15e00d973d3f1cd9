import {
  dayRangeInstants,
  presetDays,
  presetInstants,
  todayIn,
  type AdminDashboardView,
} from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { ADMIN_SITES } from '../components/testing/admin-fixtures';
import { AdminDashboardPage } from './AdminDashboardPage';
import type { DashboardChartOption } from './charts/dashboard-chart-options';

/**
 * ECharts needs a canvas that jsdom lacks: the lazily loaded chart module is replaced by a figure that lists
 * what the page computed (the axis labels and each series' values); the drawing is ECharts' part.
 */
vi.mock('./charts/dashboard-echart', () => ({
  default: ({ option, label }: { option: DashboardChartOption; label: string }) => {
    const axis = option.xAxis as { data: string[] };
    const series = option.series as { name: string; data: number[] }[];
    return (
      <figure role="img" aria-label={label}>
        <figcaption data-testid="chart-labels">{axis.data.join(' | ')}</figcaption>
        {series.map((one) => (
          <figcaption
            key={one.name}
            data-testid="chart-series"
          >{`${one.name}: ${one.data.join(' ')}`}</figcaption>
        ))}
      </figure>
    );
  },
}));

/** Intl writes no-break spaces in money; plain spaces read the same in a test. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const [DEMO, SECOND] = ADMIN_SITES as [(typeof ADMIN_SITES)[number], (typeof ADMIN_SITES)[number]];
const TILES = { url: 'http://tiles.invalid/{z}/{x}/{y}.png', attribution: 'Tiles' };

function answer(overrides: Partial<AdminDashboardView> = {}): AdminDashboardView {
  return {
    bucket: 'day',
    devices: {
      online: 12,
      offline: 3,
      sites: [
        { _id: DEMO._id, name: DEMO.name, centerLatLong: '50.0, 14.0', online: 10, offline: 0 },
        { _id: SECOND._id, name: SECOND.name, centerLatLong: '55.6, 12.5', online: 2, offline: 3 },
      ],
      carts: [],
    },
    profiles: { total: 1234, created: 5, series: [] },
    bookings: { total: 7, cancelled: 2, series: [] },
    payments: {
      count: 3,
      totals: [
        { currency: 'EUR', amount: 2500 },
        { currency: 'DKK', amount: 15000 },
      ],
      series: [],
    },
    ...overrides,
  };
}

function renderDashboard(routes: Parameters<typeof renderOperatorPage>[0]['routes'] = {}) {
  return renderOperatorPage({
    role: 'superadmin',
    path: '/admin/dashboard',
    url: '/admin/dashboard',
    element: <AdminDashboardPage />,
    routes: {
      'GET /api/admin/sites': () => json(ADMIN_SITES),
      'GET /api/admin/dashboard': () => json(answer()),
      'GET /api/config': () => json({ tiles: { street: TILES, satellite: TILES } }),
      ...routes,
    },
  });
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

// jsdom lays nothing out: a 0 × 0 map would place no marker.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterAll(() => vi.restoreAllMocks());

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());

/** The figures are in (the machine may be busy: the page's lazy parts load on first use). */
const loaded = () => screen.findByTestId('dashboard-devices-figure', {}, { timeout: 5000 });

async function chooseOption(testId: string, name: string | RegExp) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('AdminDashboardPage', () => {
  it("opens on All Sites and today, in the browser's zone, and shows each card's figures", async () => {
    const server = renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform dashboard' })).toBeTruthy();

    const devices = await loaded();
    expect(devices.textContent).toBe('12 online · 3 offline');
    const today = presetInstants('today', new Date(), browserZone);
    expect(server.queriesTo('/api/admin/dashboard')).toEqual([
      { from: today.from.toISOString(), to: today.to.toISOString(), timeZone: browserZone },
    ]);
    expect(within(screen.getByTestId('dashboard-viewing')).getByRole('combobox').textContent).toBe(
      'All Sites',
    );
    expect(within(screen.getByTestId('dashboard-range')).getByRole('combobox').textContent).toBe('Today');

    expect(screen.getByTestId('dashboard-profiles-figure').textContent).toBe('1,234');
    expect(screen.getByTestId('dashboard-profiles-note').textContent).toBe('5 created in this period');
    expect(screen.getByTestId('dashboard-bookings-figure').textContent).toBe('7');
    expect(screen.getByTestId('dashboard-bookings-note').textContent).toBe('2 cancelled, not counted');
    // Money per currency in the interface language, never added across currencies.
    expect(plain(screen.getByTestId('dashboard-payments-figure').textContent)).toBe('€25.00 · DKK 150.00');
    expect(screen.getByTestId('dashboard-payments-note').textContent).toBe('3 succeeded payments');

    // A marker per site, named with its carts; a quiet period says so instead of drawing empty charts.
    const demo = await screen.findByTestId(`dashboard-site-marker-${DEMO._id}`, {}, { timeout: 5000 });
    expect(demo.getAttribute('aria-label')).toBe('Demo Golf Club: 10 online, 0 offline');
    expect(demo.innerHTML).toContain('#2e7d32');
    const second = screen.getByTestId(`dashboard-site-marker-${SECOND._id}`);
    expect(second.innerHTML).toContain('#c62828');
    expect(screen.getAllByText('Nothing in this period')).toHaveLength(3);
  });

  it("asks for a preset's days, and for one site in the site's zone; the site is remembered", async () => {
    const server = renderDashboard({
      'GET /api/admin/dashboard': (call) =>
        json(
          answer(
            call.query.get('siteId')
              ? {
                  devices: {
                    online: 1,
                    offline: 1,
                    sites: [],
                    carts: [
                      {
                        _id: 'c0000000-0000-4000-8000-000000000001',
                        carNumber: '7',
                        siteId: SECOND._id,
                        online: true,
                        lat: 55.6,
                        lng: 12.5,
                      },
                      {
                        _id: 'c0000000-0000-4000-8000-000000000002',
                        carNumber: '9',
                        siteId: SECOND._id,
                        online: false,
                        lat: 55.61,
                        lng: 12.51,
                      },
                    ],
                  },
                }
              : {},
          ),
        ),
    });
    await loaded();

    await chooseOption('dashboard-range', 'Last 4 weeks');
    const fourWeeks = presetInstants('last4Weeks', new Date(), browserZone);
    await waitFor(() =>
      expect(server.queriesTo('/api/admin/dashboard').at(-1)).toEqual({
        from: fourWeeks.from.toISOString(),
        to: fourWeeks.to.toISOString(),
        timeZone: browserZone,
      }),
    );

    await chooseOption('dashboard-viewing', 'Second Club');
    const siteWeeks = presetInstants('last4Weeks', new Date(), SECOND.timezone);
    await waitFor(() =>
      expect(server.queriesTo('/api/admin/dashboard').at(-1)).toEqual({
        siteId: SECOND._id,
        from: siteWeeks.from.toISOString(),
        to: siteWeeks.to.toISOString(),
        timeZone: SECOND.timezone,
      }),
    );
    expect(localStorage.getItem(STORAGE_KEYS.adminDashboardSite)).toBe(SECOND._id);
    // One site: its carts, online green and offline grey.
    const online = await screen.findByTestId(
      'dashboard-cart-marker-c0000000-0000-4000-8000-000000000001',
      {},
      { timeout: 5000 },
    );
    expect(online.getAttribute('aria-label')).toBe('Cart 7: online');
    expect(
      screen
        .getByTestId('dashboard-cart-marker-c0000000-0000-4000-8000-000000000002')
        .getAttribute('aria-label'),
    ).toBe('Cart 9: offline');
    expect(screen.queryByTestId(`dashboard-site-marker-${DEMO._id}`)).toBeNull();
  });

  it('opens on the remembered site, and on All Sites when that site is gone', async () => {
    localStorage.setItem(STORAGE_KEYS.adminDashboardSite, SECOND._id);
    const first = renderDashboard();
    await loaded();
    // Never asked for All Sites first while the sites were loading.
    expect(first.queriesTo('/api/admin/dashboard').map((query) => query.siteId)).toEqual([SECOND._id]);
    expect(within(screen.getByTestId('dashboard-viewing')).getByRole('combobox').textContent).toBe(
      'Second Club',
    );
  });

  it('forgets a remembered site that no longer exists', async () => {
    localStorage.setItem(STORAGE_KEYS.adminDashboardSite, 'deadbeef-0000-4000-8000-000000000000');
    const server = renderDashboard();
    await loaded();
    expect(server.queriesTo('/api/admin/dashboard').map((query) => query.siteId)).toEqual([undefined]);
  });

  it('takes a custom period: the days in view stay, and moving the first day asks for the new days', async () => {
    const server = renderDashboard();
    await loaded();
    await chooseOption('dashboard-range', 'Last 7 days');
    await chooseOption('dashboard-range', 'Custom');
    const week = presetInstants('last7Days', new Date(), browserZone);
    const sevenDays = { from: week.from.toISOString(), to: week.to.toISOString(), timeZone: browserZone };
    // Custom alone asks for nothing new: the same seven days, now with their fields.
    expect(server.queriesTo('/api/admin/dashboard').at(-1)).toEqual(sevenDays);

    // The pickers load when Custom is first chosen.
    const fromGroup = await screen.findByRole('group', { name: 'From' }, { timeout: 20_000 });
    const fromYear = within(fromGroup).getByRole('spinbutton', {
      name: 'Year',
    });
    // Focus alone selects the field's first section (the day): choose the year itself, then one back.
    fireEvent.focus(fromYear);
    fireEvent.click(fromYear);
    fireEvent.keyDown(fromYear, { key: 'ArrowDown' });
    const today = todayIn(new Date(), browserZone);
    const firstDay = presetDays('last7Days', today).from;
    const yearEarlier = `${Number(firstDay.slice(0, 4)) - 1}${firstDay.slice(4)}`;
    const expected = dayRangeInstants({ from: yearEarlier, to: today }, browserZone);
    await waitFor(() =>
      expect(server.queriesTo('/api/admin/dashboard').at(-1)).toEqual({
        from: expected.from.toISOString(),
        to: expected.to.toISOString(),
        timeZone: browserZone,
      }),
    );
    expect(within(screen.getByTestId('dashboard-range')).getByRole('combobox').textContent).toBe('Custom');
  });

  it('draws a bar per day of the period, quiet days as zeros, and payments per currency', async () => {
    const week = presetInstants('last7Days', new Date(), browserZone);
    // The period's days on the browser's calendar: noon of each day is safely inside it.
    const days = Array.from({ length: 7 }, (_, index) =>
      new Date(week.from.getTime() + (index * 24 + 12) * 3_600_000).toLocaleDateString('sv', {
        timeZone: browserZone,
      }),
    );
    renderDashboard({
      'GET /api/admin/dashboard': () =>
        json(
          answer({
            bookings: {
              total: 6,
              cancelled: 0,
              series: [
                { date: days[1]!, count: 4 },
                { date: days[6]!, count: 2 },
              ],
            },
            payments: {
              count: 2,
              totals: [
                { currency: 'EUR', amount: 2500 },
                { currency: 'DKK', amount: 15000 },
              ],
              series: [
                { date: days[6]!, currency: 'EUR', amount: 2500 },
                { date: days[0]!, currency: 'DKK', amount: 15000 },
              ],
            },
          }),
        ),
    });
    await loaded();
    await chooseOption('dashboard-range', 'Last 7 days');

    const bookings = within(await screen.findByTestId('dashboard-bookings'));
    expect(await bookings.findByRole('img', { name: 'Bookings, per day' })).toBeTruthy();
    expect(bookings.getByTestId('chart-labels').textContent!.split(' | ')).toHaveLength(7);
    await waitFor(() =>
      expect(bookings.getByTestId('chart-series').textContent).toBe('Bookings: 0 4 0 0 0 0 2'),
    );

    const payments = within(screen.getByTestId('dashboard-payments'));
    await payments.findByRole('img', { name: 'Payments, per day' });
    expect(payments.getAllByTestId('chart-series').map((line) => line.textContent)).toEqual([
      'DKK: 15000 0 0 0 0 0 0',
      'EUR: 0 0 0 0 0 0 2500',
    ]);
    // Profiles made nothing in the period: a line says so instead of an empty chart.
    expect(within(screen.getByTestId('dashboard-profiles')).getByText('Nothing in this period')).toBeTruthy();
  });

  it('says when the figures cannot be loaded, and loads them again on Retry', async () => {
    let fail = true;
    const server = renderDashboard({
      'GET /api/admin/dashboard': () =>
        fail ? json({ message: 'Database unavailable' }, 503) : json(answer()),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(server.callsTo('GET', '/api/admin/dashboard').length).toBeGreaterThan(1);
  });

  it('without any site, points to the Site Manager instead of empty cards', async () => {
    const server = renderDashboard({ 'GET /api/admin/sites': () => json([]) });
    expect(await screen.findByText('No sites yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Site Manager' }).getAttribute('href')).toBe('/admin/sites');
    expect(server.callsTo('GET', '/api/admin/dashboard')).toEqual([]);
  });

  it('shows skeletons, not zeros, while the first answer loads', async () => {
    renderDashboard({ 'GET /api/admin/dashboard': () => new Promise<Response>(() => undefined) });
    expect(await screen.findByTestId('dashboard-devices-loading')).toBeTruthy();
    expect(screen.getByTestId('dashboard-payments-loading')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-payments-figure')).toBeNull();
  });
});
