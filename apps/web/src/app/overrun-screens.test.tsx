import axe from 'axe-core';
import type { GuestRideView, RideOverrunMarkView, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationHost } from '../components/NotificationHost';
import { makeSite } from '../features/commands/testing/fixtures';
import { FleetPage } from '../features/fleet/FleetPage';
import { SiteMap } from '../features/map/components/SiteMap';
import { cartMarkerIcon } from '../features/map/lib/cart-marker-icon';
import { realtimeStore } from '../features/realtime';
import { GeneralSettingsPage } from '../features/settings/general/GeneralSettingsPage';
import { storeTokens } from '../lib/auth-tokens';
import '../lib/i18n';
import { dismissAllToasts } from '../lib/notifications';
import { setSelectedSite } from '../lib/selected-site';
import { I18nProvider } from '../ride/i18n/I18nProvider';
import { DueReminder } from '../ride/pages/session/DueReminder';
import { makeRide } from '../ride/test/fixtures';
import { makeCart, SITE_A } from '../test/carts';
import { fakeAccessToken } from '../test/fake-jwt';
import { installFetchMock, json, type RecordedCall } from '../test/fetch-mock';
import { createQueryClient } from './query-client';

/**
 * Ride overrun alerts (issue 23) on the screens that show them, as the app composes them: the map (its
 * list's filter and the link that opens a cart), the fleet list, Settings → General and the guest's page.
 * The map's Leaflet part is a stand-in that shows which carts it would ring (its marker icon is checked on
 * its own), so jsdom stays away from tiles and no socket opens.
 */
vi.mock('../features/map/components/LiveMap', () => ({
  LiveMap: ({ overdueCartIds }: { overdueCartIds: ReadonlySet<string> }) => (
    <output data-testid="ringed">{[...overdueCartIds].join(' ')}</output>
  ),
}));

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const MIN = 60_000;

/** An open ride on a 60-minute service with the default grace, started `minutesAgo` before now. */
const mark = (minutesAgo: number): RideOverrunMarkView => ({
  rideId: `eeeeeeee-eeee-4eee-8eee-${String(minutesAgo).padStart(12, '0')}`,
  start: new Date(Date.now() - minutesAgo * MIN).toISOString(),
  serviceMinutes: 60,
  pausedSeconds: 0,
  pausedAt: null,
  graceMinutes: 10,
  alertedAt: null,
});
/** Cart 1 is 30 minutes overdue (past the grace), cart 2 is half-way through its round. */
const overdue = makeCart({ carNumber: '1', inUse: true, lockStatus: 0, overrun: mark(100) });
const onTime = makeCart({ carNumber: '2', inUse: true, lockStatus: 0, overrun: mark(30) });

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Signs in with `role`, answers the site and the account, fills the live store and opens `url`. */
function renderPage(
  element: ReactElement,
  url: string,
  {
    role = 'user',
    site = {},
    patch,
  }: { role?: 'user' | 'admin'; site?: Partial<SiteView>; patch?: (call: RecordedCall) => Response } = {},
) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const siteView = makeSite(site);
  const server = installFetchMock({
    'GET /api/dashboard/sites': () => json(siteView),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    'GET /api/dashboard/devices': () => json([overdue, onTime]),
    'PATCH /api/dashboard/sites': patch ?? (() => json(siteView)),
  });
  realtimeStore.resetSite(SITE_A);
  realtimeStore.replaceDevices(SITE_A, [overdue, onTime]);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <NotificationHost />
            {element}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return server;
}

const noSeriousAxeViolation = async () => {
  // Contrast needs real layout and colours, which jsdom has not (the Playwright check covers it).
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
};

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

describe('the map', () => {
  it('rings the overdue cart, filters the list to it, and opens a cart linked by an alert', async () => {
    renderPage(<SiteMap siteId={SITE_A} />, `/?cart=${onTime._id}`);
    // The alert's link opened cart 2 and left the address clean, so a reload does not open it again.
    const sheet = await screen.findByTestId('map-bottom-sheet');
    expect(within(sheet).getAllByText(/2/).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(screen.getByTestId('ringed').textContent).toBe(overdue._id);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
    fireEvent.click(screen.getByRole('option', { name: 'Overdue' }));
    expect(screen.queryAllByTestId(/^cart-row-/).map((row) => row.dataset.testid)).toEqual(['cart-row-1']);
  });

  it("draws the ring on the marker's pin, beside the state colour", () => {
    const look = { label: '7', colour: '#ffb300', selected: false, alerted: false };
    expect(cartMarkerIcon({ ...look, overdue: true }).options.className).toContain('fw-cart-marker--overdue');
    expect(cartMarkerIcon(look).options.className).not.toContain('fw-cart-marker--overdue');
  });
});

describe('the fleet list', () => {
  it('badges the overdue cart and narrows to it with the "Overdue" toggle', async () => {
    renderPage(<FleetPage />, '/fleet');
    const rows = () => screen.queryAllByTestId(/^fleet-row-/).map((row) => row.dataset.testid);
    await waitFor(() => expect(rows()).toEqual(['fleet-row-1', 'fleet-row-2']));
    expect(within(screen.getByTestId('fleet-row-1')).getByTestId('cart-overdue').textContent).toBe('Overdue');
    expect(within(screen.getByTestId('fleet-row-2')).queryByTestId('cart-overdue')).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Overdue (1)' });
    fireEvent.click(toggle);
    expect(rows()).toEqual(['fleet-row-1']);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await noSeriousAxeViolation();
  });
});

describe("the site's grace in Settings → General", () => {
  it('shows the saved minutes, refuses more than 240, and saves a change on its own', async () => {
    const server = renderPage(<GeneralSettingsPage />, '/settings/general', {
      role: 'admin',
      site: { overrunGraceMinutes: 10 },
      patch: (call) => json(makeSite({ ...(call.body as { updateData: Partial<SiteView> }).updateData })),
    });
    const grace = (await screen.findByTestId('overrun-grace')) as HTMLInputElement;
    expect(grace.value).toBe('10');
    expect(screen.getByRole('textbox', { name: /Grace before the alert/ })).toBe(grace);

    fireEvent.change(grace, { target: { value: '241' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(grace.getAttribute('aria-invalid')).toBe('true'));
    expect(server.callsTo('PATCH', '/api/dashboard/sites')).toHaveLength(0);

    fireEvent.change(grace, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/dashboard/sites')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/dashboard/sites')[0]!.body).toEqual({
      updateData: { overrunGraceMinutes: 25 },
      publish: false,
    });
    await noSeriousAxeViolation();
  });
});

describe("the guest's reminder", () => {
  const dueAt = '2026-06-01T11:30:00.000Z';
  const show = (ride: GuestRideView, serverNow: number, locale: 'en' | 'cs' = 'en') =>
    render(
      <I18nProvider locale={locale}>
        <DueReminder ride={ride} serverNow={serverNow} />
      </I18nProvider>,
    );
  const reminder = () => screen.queryByTestId('ride-due-reminder');

  it('appears gently once the ride time is up, in the guest’s language, and not while paused', () => {
    const ride = makeRide({ dueAt });
    show(ride, Date.parse(dueAt) - 1);
    expect(reminder()).toBeNull();
    cleanup();

    show(ride, Date.parse(dueAt));
    expect(reminder()!.getAttribute('role')).toBe('status');
    expect(reminder()!.textContent).toContain('Your ride time is up');
    cleanup();

    show(ride, Date.parse(dueAt) + MIN, 'cs');
    expect(reminder()!.textContent).toContain('Váš čas jízdy vypršel');
    cleanup();

    show({ ...ride, stage: 'paused' }, Date.parse(dueAt) + MIN);
    expect(reminder()).toBeNull();
    cleanup();
    show({ ...ride, dueAt: null }, Date.parse(dueAt) + MIN);
    expect(reminder()).toBeNull();
  });
});
