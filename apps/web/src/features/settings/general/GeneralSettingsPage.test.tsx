import type { Role, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts } from '../../../lib/notifications';
import { setSelectedSite } from '../../../lib/selected-site';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { deferred, installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { setSpeedUnit } from '../../devices';
import { GeneralSettingsPage } from './GeneralSettingsPage';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const SITE_PATH = '/api/dashboard/sites';

interface Setup {
  role?: Role;
  site?: Partial<SiteView>;
  /** The answer to PATCH /sites; by default the site with the changes applied. */
  patch?: (call: RecordedCall) => Response;
  getSite?: () => Response | Promise<Response>;
}

/** Signs in with `role`, answers the site and the account, and opens /settings/general in a data router. */
function renderPage({ role = 'admin', site: overrides = {}, patch, getSite }: Setup = {}) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const site = makeSite({ devices: 3, ...overrides });
  const server = installFetchMock({
    [`GET ${SITE_PATH}`]: getSite ?? (() => json(site)),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    [`PATCH ${SITE_PATH}`]:
      patch ?? ((call) => json({ ...site, ...(call.body as { updateData: Partial<SiteView> }).updateData })),
  });
  // A data router, as in the app: the page blocks leaving with unsaved changes.
  const router = createMemoryRouter(
    [
      { path: '/settings/general', element: <GeneralSettingsPage /> },
      { path: '/fleet', element: <p>Fleet page</p> },
    ],
    { initialEntries: ['/settings/general'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...server, router, patches: () => server.callsTo('PATCH', SITE_PATH).map((call) => call.body) };
}

const loaded = () => screen.findByRole('form', { name: 'General' });
const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const byLabel = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

// The lock-time picker is a lazy chunk; loaded once here, it appears as soon as its switch is on.
beforeAll(() => import('./components/LockFromPicker'), 30_000);

beforeEach(() => {
  localStorage.clear();
  setSpeedUnit('kph');
  dismissAllToasts();
  setSelectedSite(SITE_A, USER_ID);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GeneralSettingsPage', () => {
  it('shows the skeleton while the site loads, then its saved values', async () => {
    const answer = deferred<Response>();
    renderPage({ getSite: () => answer.promise });
    expect(screen.getByTestId('general-settings-loading')).toBeTruthy();
    answer.resolve(
      json(
        makeSite({
          lang: 'de',
          wifiEnabled: '1',
          wifiSSID: 'Clubhouse',
          wifiPassword: 'fore-2024',
          lockFrom: '21:30',
          autoLock: '15',
          roundTimeout: 300,
          recoveryMode: true,
          masterUnlock: '424242',
        }),
      ),
    );
    await loaded();

    expect(screen.getByRole('combobox', { name: /Site language/ }).textContent).toBe('Deutsch');
    expect(switchNamed('WiFi enabled').checked).toBe(true);
    expect(textbox(/Network name/).value).toBe('Clubhouse');
    expect(byLabel(/WiFi password/).value).toBe('fore-2024');
    expect(switchNamed('Scheduled lock').checked).toBe(true);
    expect((await screen.findByRole('group', { name: /Lock from/ })).textContent).toContain('21:30');
    expect(switchNamed('Auto-lock').checked).toBe(true);
    expect(textbox(/Auto-lock after/).value).toBe('15');
    expect(textbox(/Round timeout/).value).toBe('300');
    expect(switchNamed('Recovery mode').checked).toBe(true);
    const masterCode = byLabel(/Master code/);
    expect(masterCode.value).toBe('424242');
    expect(masterCode.type).toBe('password');
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why the site could not be loaded', async () => {
    renderPage({ getSite: () => json({ message: 'Site not found' }, 404) });
    expect(await screen.findByText('Could not load the site settings')).toBeTruthy();
    expect(screen.getByText('Site not found')).toBeTruthy();
  });

  it('requires SSID and password while WiFi is on, and refuses more than 33 characters', async () => {
    const server = renderPage();
    await loaded();
    fireEvent.click(switchNamed('WiFi enabled'));
    save();
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));

    type(textbox(/Network name/), 'x'.repeat(34));
    type(byLabel(/WiFi password/), 'p'.repeat(34));
    save();
    await waitFor(() => expect(screen.getAllByText('Must be at most 33 characters')).toHaveLength(2));
    expect(server.patches()).toEqual([]);

    type(textbox(/Network name/), 's'.repeat(33));
    type(byLabel(/WiFi password/), 'fore-2024');
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([
      {
        updateData: { wifiEnabled: '1', wifiSSID: 's'.repeat(33), wifiPassword: 'fore-2024' },
        publish: false,
      },
    ]);
  });

  it('lets WiFi be switched off with its name and password left empty', async () => {
    const server = renderPage({ site: { wifiEnabled: '1', wifiSSID: 'Clubhouse', wifiPassword: 'pw' } });
    await loaded();
    fireEvent.click(switchNamed('WiFi enabled'));
    type(textbox(/Network name/), '');
    type(byLabel(/WiFi password/), '');
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()[0]).toEqual({
      updateData: { wifiEnabled: '0', wifiSSID: '', wifiPassword: '' },
      publish: false,
    });
  });

  it("saves auto-lock off as '0'", async () => {
    const server = renderPage({ site: { autoLock: '15' } });
    await loaded();
    fireEvent.click(switchNamed('Auto-lock'));
    expect(screen.queryByRole('textbox', { name: /Auto-lock after/ })).toBeNull();
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: { autoLock: '0' }, publish: false }]);
  });

  it('requires 1 to 1440 whole minutes while auto-lock is on', async () => {
    const server = renderPage();
    await loaded();
    fireEvent.click(switchNamed('Auto-lock'));
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    type(textbox(/Auto-lock after/), '0');
    expect(await screen.findByText('Enter 1 to 1440 minutes')).toBeTruthy();
    type(textbox(/Auto-lock after/), '10.5');
    expect(await screen.findByText('Enter whole minutes (numbers only)')).toBeTruthy();
    expect(server.patches()).toEqual([]);

    type(textbox(/Auto-lock after/), '20');
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: { autoLock: '20' }, publish: false }]);
  });

  it("saves the scheduled lock off as '00:00'", async () => {
    const server = renderPage({ site: { lockFrom: '21:30' } });
    await loaded();
    fireEvent.click(switchNamed('Scheduled lock'));
    expect(screen.queryByRole('group', { name: /Lock from/ })).toBeNull();
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: { lockFrom: '00:00' }, publish: false }]);
  });

  it('proposes 22:00 when the scheduled lock is switched on', async () => {
    const server = renderPage({ site: { lockFrom: '00:00' } });
    await loaded();
    fireEvent.click(switchNamed('Scheduled lock'));
    expect((await screen.findByRole('group', { name: /Lock from/ })).textContent).toContain('22:00');
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: { lockFrom: '22:00' }, publish: false }]);
  });

  it('sends only the fields that changed, and a round timeout of 0 means none', async () => {
    const server = renderPage({
      site: { roundTimeout: 300, wifiSSID: 'Clubhouse', lang: 'en', recoveryMode: false },
    });
    await loaded();
    type(textbox(/Round timeout/), '0');
    fireEvent.click(switchNamed('Recovery mode'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Site language/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Čeština' }));
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([
      { updateData: { roundTimeout: 0, recoveryMode: true, lang: 'cs' }, publish: false },
    ]);
    // The saved site is the form's new starting point: nothing left to save.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('refuses a round timeout that is empty or above a day', async () => {
    const server = renderPage();
    await loaded();
    type(textbox(/Round timeout/), '');
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    type(textbox(/Round timeout/), '1441');
    expect(await screen.findByText('Enter 0 to 1440 minutes')).toBeTruthy();
    expect(server.patches()).toEqual([]);
  });

  it('saves and publishes at once', async () => {
    const server = renderPage({ site: { autoLock: '15' } });
    await loaded();
    type(textbox(/Auto-lock after/), '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Settings saved and published to 3 carts')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: { autoLock: '30' }, publish: true }]);
    const fleetLink = screen.getByRole('link', { name: 'See which carts have confirmed' });
    expect(fleetLink.getAttribute('href')).toBe('/fleet');
  });

  it('writes the speed unit to this browser at once, without saving the site', async () => {
    const server = renderPage();
    await loaded();
    const group = screen.getByRole('group', { name: 'Speed unit' });
    expect(within(group).getByRole('button', { name: 'km/h' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'mph' }));
    expect(readStorage(STORAGE_KEYS.speedUnit)).toBe('mph');
    expect(within(group).getByRole('button', { name: 'mph' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.patches()).toEqual([]);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the settings read-only to role user, with the speed unit still theirs to choose', async () => {
    renderPage({ role: 'user', site: { wifiSSID: 'Clubhouse', autoLock: '15' } });
    await loaded();
    expect(screen.getByText('Only an admin can change these settings. You can view them here.')).toBeTruthy();
    expect(textbox(/Network name/).disabled).toBe(true);
    expect(switchNamed('WiFi enabled').disabled).toBe(true);
    expect(textbox(/Auto-lock after/).disabled).toBe(true);
    expect(byLabel(/Master code/).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate a new code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'mph' }));
    expect(readStorage(STORAGE_KEYS.speedUnit)).toBe('mph');
  });

  it('shows basic staff no master code card: the server sends them no code', async () => {
    renderPage({ role: 'basic', site: { masterUnlock: null, wifiSSID: 'Clubhouse' } });
    await loaded();
    expect(textbox(/Network name/).disabled).toBe(true);
    expect(screen.queryByLabelText(/Master code/)).toBeNull();
  });

  it('shows a master code already used by a member at the field', async () => {
    const server = renderPage({
      patch: () => json({ message: 'Code already exists, please use a different code and try again.' }, 409),
    });
    await loaded();
    type(byLabel(/Master code/), '123456');
    save();
    expect(
      await screen.findByText('Code already exists, please use a different code and try again.'),
    ).toBeTruthy();
    expect(byLabel(/Master code/).getAttribute('aria-invalid')).toBe('true');
    expect(server.patches()).toEqual([{ updateData: { masterUnlock: '123456' }, publish: false }]);
    expect(screen.queryByText('Settings saved')).toBeNull();
  });

  it('checks the master code: digits only, 6 of them, and empty means none', async () => {
    const server = renderPage({ site: { masterUnlock: '424242' } });
    await loaded();
    type(byLabel(/Master code/), '12ab56');
    save();
    expect(await screen.findByText('Numbers only')).toBeTruthy();
    type(byLabel(/Master code/), '123');
    expect(await screen.findByText('The code must be 6 digits')).toBeTruthy();
    expect(server.patches()).toEqual([]);

    type(byLabel(/Master code/), '');
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: { masterUnlock: null }, publish: false }]);
  });

  it('generates a 6-digit master code and shows it', async () => {
    const server = renderPage();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Generate a new code' }));
    const field = byLabel(/Master code/);
    expect(field.value).toMatch(/^[1-9]\d{5}$/);
    expect(field.type).toBe('text');
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: { masterUnlock: field.value }, publish: false }]);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderPage();
    await loaded();
    type(textbox(/Round timeout/), '60');
    await act(() => router.navigate('/fleet'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/settings/general');
    expect(textbox(/Round timeout/).value).toBe('60');

    await act(() => router.navigate('/fleet'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Fleet page')).toBeTruthy();
  });
});
