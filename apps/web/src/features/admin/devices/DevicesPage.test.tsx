import type { AdminDeviceView } from '@fairway/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../../lib/save-file';
import type * as SocketModule from '../../../lib/socket';
import type { FakeSocket } from '../../../test/fake-socket';
import { deferred, json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { ADMIN_SITES } from '../components/testing/admin-fixtures';
import { DevicesPage } from './DevicesPage';
import { devicePage, makeAdminDevice } from './testing/admin-device-fixtures';

const sockets = vi.hoisted(() => ({ current: null as FakeSocket | null }));
vi.mock('../../../lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  const { FakeSocket } = await import('../../../test/fake-socket');
  return {
    ...actual,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.current = socket;
      return socket.asSocket();
    },
  };
});
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));
// The page is under test, not the panel and the dialogs of the other parts of the Device Manager.
vi.mock('./panel/DevicePanel', () => ({
  DevicePanel: ({ device }: { device: AdminDeviceView | null }) =>
    device ? <div data-testid="device-panel">{device.serial}</div> : null,
}));
vi.mock('./sim/SimDialog', () => ({
  SimDialog: ({ device }: { device: AdminDeviceView | null }) =>
    device ? <div data-testid="sim-dialog">{device.serial}</div> : null,
}));
vi.mock('./firmware/FirmwareManagerDialog', () => ({
  FirmwareManagerDialog: ({ open }: { open: boolean }) =>
    open ? <div data-testid="firmware-manager" /> : null,
}));
vi.mock('./firmware/PushFirmwareDialog', () => ({
  PushFirmwareDialog: ({ open, deviceIds }: { open: boolean; deviceIds: string[] }) =>
    open ? <div data-testid="push-firmware">{deviceIds.join(',')}</div> : null,
}));

const DEMO = ADMIN_SITES[0]!;
const SECOND = ADMIN_SITES[1]!;
const LIST = '/api/admin/devices';
const DEBOUNCE = { timeout: 2_500 };

function renderDevices(routes: Parameters<typeof renderOperatorPage>[0]['routes']) {
  return renderOperatorPage({
    role: 'superadmin',
    path: '/admin/devices',
    url: '/admin/devices',
    element: <DevicesPage />,
    routes: { 'GET /api/admin/sites': () => json(ADMIN_SITES), ...routes },
  });
}

const row = (serial: string) => screen.findByTestId(`device-row-${serial}`);
const tick = async (serial: string) =>
  fireEvent.click(within(await row(serial)).getByRole('checkbox', { name: `Select tracker ${serial}` }));
const openBulk = () => fireEvent.click(screen.getByTestId('devices-bulk'));

resetOperatorSessionAroundEachTest();
beforeEach(() => {
  localStorage.clear();
  vi.mocked(saveFile).mockClear();
});

describe('DevicesPage', () => {
  it('shows placeholder rows while loading, then every column, the badges and the sites with their counts', async () => {
    const answer = deferred<Response>();
    const online = makeAdminDevice({
      serial: 'FW-0001',
      carNumber: '12',
      carName: 'Blue',
      uptime: 3 * 86_400 + 4 * 3_600,
      gpsLock: 5,
      battVoltage: 51.24,
      deviceTemp: 31,
      firmware: '2.1.0',
      hardwareInfo: {
        pcb: { rev: 'v3.1', connector: '' },
        modem: 'SIM7600',
        externalAntenna: false,
        notes: '',
      },
    });
    const offline = makeAdminDevice({
      serial: 'FW-0002',
      siteID: SECOND._id,
      siteName: SECOND.name,
      onlineStatus: true,
      // silent for longer than the offline limit: offline whatever the broker says
      timeUTC: new Date(Date.now() - 10 * 60_000).toISOString(),
      gpsLock: 2,
      firmwareStatus: 2,
      firmwareTarget: '2.2.0',
      gprsCcid: null,
    });
    renderDevices({ [`GET ${LIST}`]: () => answer.promise });

    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    answer.resolve(json(devicePage([online, offline])));

    const first = within(await row('FW-0001'));
    expect(screen.queryByTestId('skeleton-row')).toBeNull();
    expect(first.getByText('12')).toBeTruthy();
    expect(first.getByText('Blue')).toBeTruthy();
    expect(first.getByTestId('device-status').textContent).toBe('Online');
    expect(first.getByText('3 d 4 h')).toBeTruthy();
    expect(first.getByText('8945000000000000012')).toBeTruthy();
    expect(first.getByText('Telia')).toBeTruthy();
    expect(first.getByTestId('badge-gps').dataset.good).toBe('true');
    expect(first.getByTestId('badge-battery').textContent).toBe('51.2 V');
    expect(first.getByTestId('badge-temperature').textContent).toBe('31 °C');
    expect(first.getByTestId('badge-firmware').textContent).toBe('FW 2.1.0');
    expect(first.getByTestId('badge-hardware').textContent).toBe('v3.1 · SIM7600');

    const second = within(await row('FW-0002'));
    expect(second.getByTestId('device-status').textContent).toBe('Offline');
    expect(second.getByTestId('badge-gps').dataset.good).toBe('false');
    expect(second.getByTestId('badge-firmware').textContent).toBe('FW 2.2.0 downloading');
    expect(second.getByLabelText('Firmware update in progress')).toBeTruthy();
    // No SIM card reported: nothing to manage.
    expect((second.getByTestId('device-action-sim') as HTMLButtonElement).disabled).toBe(true);

    expect(screen.getByTestId(`devices-site-${DEMO._id}`).textContent).toBe(
      `${DEMO.name} · 1 cars · ${DEMO._id}`,
    );
    expect(screen.getByTestId('devices-pager-total').textContent).toBe('Trackers: 2');
  });

  it('says when there are no trackers, and when nothing matches the search', async () => {
    renderDevices({
      [`GET ${LIST}`]: (call) =>
        json(call.query.get('q') ? devicePage([]) : devicePage([], { totalItems: 0 })),
    });
    expect(await screen.findByText('No trackers yet')).toBeTruthy();
    fireEvent.change(screen.getByTestId('devices-search'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No trackers match', {}, DEBOUNCE)).toBeTruthy();
  });

  it('shows an error with a retry that loads the list again', async () => {
    let fail = true;
    const device = makeAdminDevice({ serial: 'FW-RETRY' });
    const server = renderDevices({
      [`GET ${LIST}`]: () =>
        fail ? json({ message: 'Database unavailable' }, 500) : json(devicePage([device])),
    });
    expect(await screen.findByText('The trackers could not be loaded', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await row('FW-RETRY')).toBeTruthy();
    expect(server.callsTo('GET', LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('asks the server for each page, sort, search and page size, and remembers the size', async () => {
    const devices = Array.from({ length: 20 }, (_, index) =>
      makeAdminDevice({ serial: `FW-${String(index).padStart(4, '0')}` }),
    );
    const server = renderDevices({
      [`GET ${LIST}`]: (call) =>
        json(devicePage(devices, { page: Number(call.query.get('page')), totalItems: 45 })),
    });
    await row('FW-0000');
    const last = () => server.queriesTo(LIST).at(-1);
    expect(last()).toEqual({ sort: 'carNumber', dir: 'asc', page: '1', pageSize: '20' });

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '2' }));

    fireEvent.click(screen.getByTestId('devices-sort-serial'));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'serial', dir: 'asc', page: '1' }));
    fireEvent.click(screen.getByTestId('devices-sort-serial'));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'serial', dir: 'desc' }));

    const before = server.queriesTo(LIST).length;
    fireEvent.change(screen.getByTestId('devices-search'), { target: { value: ' fw-00 ' } });
    await waitFor(() => expect(last()).toMatchObject({ q: 'fw-00', page: '1' }), DEBOUNCE);
    // One call for the finished search, none for the keystrokes before it.
    expect(server.queriesTo(LIST).length).toBe(before + 1);

    fireEvent.mouseDown(screen.getByTestId('devices-pager-page-size'));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(last()).toMatchObject({ pageSize: 'all', page: '1' }));
    expect(localStorage.getItem('fairway.admin.devices.pageSize')).toBe('all');
    // Six renders of a 20-row table with every column: the slowest test of the web files on a loaded machine.
  }, 60_000);

  it('renders only the rows in view when All of a large platform is shown', async () => {
    localStorage.setItem('fairway.admin.devices.pageSize', 'all');
    const devices = Array.from({ length: 2_000 }, (_, index) =>
      makeAdminDevice({ serial: `FW-${String(index).padStart(5, '0')}` }),
    );
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage(devices, { perPage: 2_000 })),
    });
    await row('FW-00000');
    expect(server.queriesTo(LIST)[0]).toMatchObject({ pageSize: 'all' });
    expect(screen.getByTestId('devices-table').dataset.virtual).toBe('true');
    const rendered = screen.getAllByTestId(/^device-row-/).length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    expect(screen.queryByTestId('device-row-FW-01999')).toBeNull();
    // Select-all takes the whole page, not only the rendered rows.
    fireEvent.click(screen.getByTestId('devices-select-all').querySelector('input')!);
    expect(screen.getByTestId('devices-bulk').textContent).toContain('Bulk actions (2000)');
  });

  it('hides a column from the chooser and still hides it on the next visit', async () => {
    const device = makeAdminDevice({ serial: 'FW-COLS' });
    renderDevices({ [`GET ${LIST}`]: () => json(devicePage([device])) });
    await row('FW-COLS');
    expect(screen.getByRole('columnheader', { name: 'Carrier' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('devices-columns'));
    fireEvent.click(await screen.findByTestId('devices-column-carrier'));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Carrier' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('fairway.admin.devices.columns')!)).not.toContain('carrier');
    expect(within(await row('FW-COLS')).queryByText('Telia')).toBeNull();
  });

  it('remembers hidden columns across visits', async () => {
    localStorage.setItem('fairway.admin.devices.columns', JSON.stringify(['serial', 'carNumber', 'bogus']));
    const device = makeAdminDevice({ serial: 'FW-STORED' });
    renderDevices({ [`GET ${LIST}`]: () => json(devicePage([device])) });
    await row('FW-STORED');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '',
      'Device ID',
      'Car',
    ]);
  });

  it('keeps Bulk Actions disabled without a selection and shows the carts a bulk action skipped, and why', async () => {
    const a = makeAdminDevice({ serial: 'FW-A', carNumber: '7' });
    const b = makeAdminDevice({ serial: 'FW-B', carNumber: '12' });
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage([a, b])),
      'PATCH /api/admin/devices/site': () =>
        json({
          done: 1,
          ids: [a._id],
          skipped: [{ id: b._id, carNumber: '12', reason: 'openRide', message: 'Car 12 is in a ride' }],
        }),
    });
    await row('FW-A');
    expect((screen.getByTestId('devices-bulk') as HTMLButtonElement).disabled).toBe(true);
    await tick('FW-A');
    await tick('FW-B');
    expect(screen.getByTestId('devices-bulk').textContent).toContain('Bulk actions (2)');

    openBulk();
    fireEvent.click(await screen.findByTestId('bulk-move'));
    fireEvent.click(await screen.findByTestId('bulk-move-dialog-submit'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(server.callsTo('PATCH', '/api/admin/devices/site')).toHaveLength(0);

    const site = screen.getByTestId('move-site');
    fireEvent.mouseDown(site);
    fireEvent.change(site, { target: { value: 'Second' } });
    fireEvent.click(await screen.findByRole('option', { name: SECOND.name }));
    fireEvent.click(screen.getByTestId('bulk-move-dialog-submit'));

    await waitFor(() => expect(server.callsTo('PATCH', '/api/admin/devices/site')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/admin/devices/site')[0]!.body).toEqual({
      ids: [a._id, b._id],
      siteId: SECOND._id,
    });
    expect(await screen.findByText('Move site: done for 1 of 2 trackers')).toBeTruthy();
    const result = within(await screen.findByTestId('bulk-result'));
    const skipped = result.getAllByTestId('bulk-result-row');
    expect(skipped.map((line) => line.textContent)).toEqual(['12Car 12 is in a ride']);
  });

  it('sends the commands with their codes and names the reason a cart was skipped', async () => {
    const a = makeAdminDevice({ serial: 'FW-PING', carNumber: '3' });
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage([a])),
      'POST /api/admin/devices/ping': () =>
        json({ commands: [], skipped: [{ id: a._id, carNumber: '3', reason: 'offline' }] }),
    });
    await tick('FW-PING');
    openBulk();
    fireEvent.click(await screen.findByTestId('bulk-command-restartModem'));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/devices/ping')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/devices/ping')[0]!.body).toEqual({ ids: [a._id], command: 9 });
    expect(await screen.findByText('Command sent to 0 car(s)')).toBeTruthy();
    const result = within(await screen.findByTestId('bulk-result'));
    expect(result.getByText('The tracker is offline')).toBeTruthy();
    fireEvent.click(result.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('bulk-result')).toBeNull());

    openBulk();
    fireEvent.click(await screen.findByTestId('bulk-command-custom'));
    const code = await screen.findByTestId('custom-ping-code');
    fireEvent.change(code, { target: { value: '4.5' } });
    fireEvent.click(screen.getByTestId('bulk-custom-ping-submit'));
    expect(await screen.findByText('Enter a whole number from 1 to 9999')).toBeTruthy();
    fireEvent.change(code, { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('bulk-custom-ping-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/devices/ping')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/admin/devices/ping')[1]!.body).toEqual({ ids: [a._id], command: 42 });
  });

  it('calibrates the battery between 3 and 77.99 with a reset to 75, and asks before deleting', async () => {
    const a = makeAdminDevice({ serial: 'FW-BATT' });
    const done = { done: 1, ids: [a._id], skipped: [] };
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage([a])),
      'POST /api/admin/devices/calibrate-battery': () => json(done),
      'DELETE /api/admin/devices': () => json(done),
    });
    await tick('FW-BATT');
    openBulk();
    fireEvent.click(await screen.findByTestId('bulk-calibrate'));
    const value = await screen.findByTestId('calibrate-value');
    fireEvent.change(value, { target: { value: '78' } });
    fireEvent.click(screen.getByTestId('bulk-calibrate-dialog-submit'));
    expect(await screen.findByText('Enter a value from 3 to 77.99')).toBeTruthy();
    fireEvent.change(value, { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('bulk-calibrate-dialog-submit'));
    expect(await screen.findByText('Enter a number with at most two decimals')).toBeTruthy();
    fireEvent.change(value, { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('calibrate-reset'));
    expect((value as HTMLInputElement).value).toBe('75');
    fireEvent.change(value, { target: { value: '12,5' } });
    fireEvent.click(screen.getByTestId('bulk-calibrate-dialog-submit'));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/admin/devices/calibrate-battery')[0]?.body).toEqual({
        ids: [a._id],
        value: 12.5,
      }),
    );
    expect(await screen.findByText('Calibrate battery: done for 1 of 1 trackers')).toBeTruthy();
    expect(screen.queryByTestId('bulk-result')).toBeNull();

    openBulk();
    fireEvent.click(await screen.findByTestId('bulk-delete'));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Cars?' });
    expect(server.callsTo('DELETE', '/api/admin/devices')).toHaveLength(0);
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/admin/devices')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/api/admin/devices')[0]!.body).toEqual({ ids: [a._id] });
  });

  it('opens the push dialog of W3 with the selection from Bulk Actions → Firmware', async () => {
    const a = makeAdminDevice({ serial: 'FW-PUSH' });
    renderDevices({ [`GET ${LIST}`]: () => json(devicePage([a])) });
    await tick('FW-PUSH');
    openBulk();
    fireEvent.click(await screen.findByTestId('bulk-firmware'));
    expect((await screen.findByTestId('push-firmware')).textContent).toBe(a._id);
    fireEvent.click(screen.getByTestId('devices-firmware-manager'));
    expect(await screen.findByTestId('firmware-manager')).toBeTruthy();
  });

  it('finds a device by serial: says when none matches, and opens the panel of the one found', async () => {
    const found = makeAdminDevice({ serial: 'FW-00:12' });
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage([])),
      'GET /api/admin/devices/find': (call) =>
        call.query.get('serial') === 'fw 00 12' ? json([found]) : json({ message: 'No devices found' }, 404),
    });
    fireEvent.click(await screen.findByTestId('devices-find'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Find Device' }));
    fireEvent.click(dialog.getByTestId('find-device-submit'));
    expect(await dialog.findByText('Please enter a serial')).toBeTruthy();
    expect(server.callsTo('GET', '/api/admin/devices/find')).toHaveLength(0);

    fireEvent.change(dialog.getByTestId('find-device-serial'), { target: { value: 'nope' } });
    fireEvent.click(dialog.getByTestId('find-device-submit'));
    expect(await dialog.findByText('No devices found')).toBeTruthy();

    fireEvent.change(dialog.getByTestId('find-device-serial'), { target: { value: ' fw 00 12 ' } });
    fireEvent.click(dialog.getByTestId('find-device-submit'));
    expect((await screen.findByTestId('device-panel')).textContent).toBe('FW-00:12');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find Device' })).toBeNull());
  });

  it('replaces a device: all fields required, old and new must differ, then the call and its toast', async () => {
    const free = makeAdminDevice({ serial: 'FW-FREE', carNumber: null });
    const spare = makeAdminDevice({ serial: 'FW-SPARE', carNumber: null });
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage([free, spare])),
      'POST /api/admin/devices/replace': () => json({ device: spare, old: free }),
    });
    fireEvent.click(within(await row('FW-FREE')).getByTestId('device-action-replace'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Replace Device' }));
    fireEvent.click(dialog.getByTestId('replace-submit'));
    expect(await dialog.findByText('Please fill in all fields')).toBeTruthy();

    const pick = async (serial: string) => {
      const input = dialog.getByTestId('replace-new');
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: 'FW' } });
      fireEvent.click(await screen.findByRole('option', { name: new RegExp(serial) }, DEBOUNCE));
    };
    await pick('FW-FREE');
    fireEvent.click(dialog.getByTestId('replace-submit'));
    expect(await dialog.findByText('Old and new device cannot be the same')).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/devices/replace')).toHaveLength(0);

    await pick('FW-SPARE');
    fireEvent.click(dialog.getByTestId('replace-submit'));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/devices/replace')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/devices/replace')[0]!.body).toEqual({
      oldDeviceId: free._id,
      newDeviceId: spare._id,
      siteId: free.siteID,
    });
    expect(await screen.findByText('Device replaced successfully')).toBeTruthy();
  });

  it('exports the trackers the list shows as CSV and saves the file under the server’s name', async () => {
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage([makeAdminDevice({ serial: 'FW-CSV' })])),
      [`GET ${LIST}/export`]: () =>
        new Response('serial\nFW-CSV\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="devices-2026-11-26.csv"',
          },
        }),
    });
    await row('FW-CSV');
    fireEvent.click(screen.getByTestId('devices-sort-carName'));
    fireEvent.click(screen.getByTestId('devices-export'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(server.queriesTo(`${LIST}/export`)).toEqual([{ sort: 'carName', dir: 'asc' }]);
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('devices-2026-11-26.csv');
  });

  it('sounds a device with code 8 and says so', async () => {
    const a = makeAdminDevice({ serial: 'FW-SOUND' });
    const server = renderDevices({
      [`GET ${LIST}`]: () => json(devicePage([a])),
      [`POST ${LIST}/${a._id}/ping`]: () => json({ message: 'Tracker is offline' }, 409),
    });
    fireEvent.click(within(await row('FW-SOUND')).getByTestId('device-action-sound'));
    await waitFor(() => expect(server.callsTo('POST', `${LIST}/${a._id}/ping`)).toHaveLength(1));
    expect(server.callsTo('POST', `${LIST}/${a._id}/ping`)[0]!.body).toEqual({ command: 8 });
    expect(await screen.findByText('Tracker is offline')).toBeTruthy();
    // The row's buttons do not open the panel; the row does.
    expect(screen.queryByTestId('device-panel')).toBeNull();
    fireEvent.click(within(await row('FW-SOUND')).getByText('Telia'));
    expect((await screen.findByTestId('device-panel')).textContent).toBe('FW-SOUND');
  });

  it('joins the rooms of the sites on the page and applies their pushes to the rows', async () => {
    const a = makeAdminDevice({ serial: 'FW-LIVE', stateVersion: 4 });
    const b = makeAdminDevice({ serial: 'FW-OTHER', siteID: SECOND._id, siteName: SECOND.name });
    renderDevices({ [`GET ${LIST}`]: () => json(devicePage([a, b])) });
    await row('FW-LIVE');
    const socket = sockets.current!;
    act(() => socket.receive('connect'));
    await waitFor(() =>
      expect(
        socket.emitted
          .filter((entry) => entry.event === 'join:site')
          .map((entry) => entry.args[0])
          .sort(),
      ).toEqual([DEMO._id, SECOND._id].sort()),
    );

    // The push is a cart view: the admin's fields (site name, CCID …) are not in it.
    act(() =>
      socket.receive('device:updates', {
        siteId: a.siteID,
        devices: [{ ...a, stateVersion: 5, firmwareStatus: 1, onlineStatus: false }],
      }),
    );
    const live = within(await row('FW-LIVE'));
    await waitFor(() => expect(live.getByTestId('device-status').textContent).toBe('Offline'));
    expect(live.getByTestId('badge-firmware').dataset.status).toBe('1');
    // The admin's own fields stay.
    expect(live.getByText('8945000000000000012')).toBeTruthy();
  });
});
