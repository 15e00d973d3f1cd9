import type { AdminDeviceView, DeviceLogView, SystemLogLine } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../../../lib/save-file';
import type * as SocketModule from '../../../../lib/socket';
import { makeCart } from '../../../../test/carts';
import type { FakeSocket } from '../../../../test/fake-socket';
import { deferred, installFetchMock, json } from '../../../../test/fetch-mock';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../../test/operator-session';
import { makeCommand } from '../../../commands/testing/fixtures';
import { uuidOf } from '../../components/testing/admin-fixtures';
import { DevicePanel } from './DevicePanel';

const sockets = vi.hoisted(() => ({ current: null as FakeSocket | null }));
vi.mock('../../../../lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  const { FakeSocket } = await import('../../../../test/fake-socket');
  return {
    ...actual,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.current = socket;
      return socket.asSocket();
    },
  };
});
vi.mock('../../../../lib/save-file', () => ({ saveFile: vi.fn() }));

function makeDevice(overrides: Partial<AdminDeviceView> = {}): AdminDeviceView {
  return {
    ...makeCart({ carNumber: '12', serial: 'FW-00:12', lockStatus: 1, key: '0', gpsSpeed: 12 }),
    siteName: 'Demo Golf Club',
    carSerialNumber: '',
    firmwareStatus: 0,
    firmwareTarget: null,
    gprsCcid: '8945000000000000012',
    gprsCarrier: 'Telia',
    simEndpointId: null,
    batteryCalibration: 75,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

let logCounter = 0;
function wifiLog(device: AdminDeviceView, ssids: string[], createdAt: string): DeviceLogView {
  logCounter += 1;
  return {
    _id: uuidOf('e', logCounter),
    deviceId: device._id,
    commandId: null,
    createdAt,
    type: 'wifi',
    data: {
      networks: ssids.map((ssid, index) => ({
        ssid,
        rssi: -40 - index * 10,
        channel: 1 + index * 5,
        encrypt: 'WPA2_PSK',
      })),
    },
  };
}

function snapshotLog(device: AdminDeviceView, createdAt: string): DeviceLogView {
  logCounter += 1;
  return {
    _id: uuidOf('e', logCounter),
    deviceId: device._id,
    commandId: null,
    createdAt,
    type: 'log',
    data: {
      snapshot: {
        locking: { locked: '0', lockCode: '1234' },
        system: { uptime: 3600, wifiEnabled: '1', fw: '2.1.0' },
        rfid: { reader: false },
      },
      lines: ['boot ok', 'modem ready'],
    },
  };
}

const base = (device: AdminDeviceView) => `/api/admin/devices/${device._id}`;

function renderPanel(device: AdminDeviceView, routes: Parameters<typeof installFetchMock>[0] = {}) {
  const server = installFetchMock(routes);
  const onClose = vi.fn();
  renderAsOperator(<DevicePanel device={device} onClose={onClose} />, 'superadmin');
  return { ...server, onClose };
}

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const openTool = async (name: string) => {
  openTab('Tools');
  fireEvent.click(await screen.findByRole('button', { name }));
};

resetOperatorSessionAroundEachTest();
beforeEach(() => {
  sockets.current = null;
  vi.mocked(saveFile).mockClear();
});

describe('DevicePanel', () => {
  it('shows the header: car number, lock, key present, Unknown speed and uptime', () => {
    const device = makeDevice({ gpsSpeed: null, key: '1', lockStatus: 0, uptime: 3 * 3600 + 5 * 60 });
    renderPanel(device);
    expect(screen.getByRole('dialog', { name: 'Car 12' })).toBeTruthy();
    expect(screen.getByTestId('device-panel-speed').textContent).toBe('Unknown');
    expect(screen.getByTestId('device-panel-key').textContent).toBe('Key present');
    expect(screen.getByTestId('device-panel-lock').textContent).toBe('Unlocked');
    expect(screen.getByTestId('device-panel-uptime').textContent).toBe('3 hours 5 minutes');
  });

  it('shows no key chip when the key is out, a known speed, and closes', () => {
    const device = makeDevice({ key: '0', gpsSpeed: 12, uptime: null });
    const { onClose } = renderPanel(device);
    expect(screen.queryByTestId('device-panel-key')).toBeNull();
    expect(screen.getByTestId('device-panel-speed').textContent).not.toBe('Unknown');
    expect(screen.getByTestId('device-panel-lock').textContent).toBe('Locked');
    expect(screen.getByTestId('device-panel-uptime').textContent).toBe('Unknown');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('has the tabs Info, Settings and Tools; Info tells serial, site, SIM and the OTA status', async () => {
    const device = makeDevice({ firmware: '2.0.0', firmwareStatus: 2, firmwareTarget: '2.1.0' });
    renderPanel(device);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Info', 'Settings', 'Tools']);
    expect(screen.getByText('FW-00:12')).toBeTruthy();
    expect(screen.getByText('8945000000000000012')).toBeTruthy();
    expect(screen.getByText('Telia')).toBeTruthy();
    expect(screen.getByText('Not registered')).toBeTruthy();
    expect(screen.getByTestId('device-info-firmware').textContent).toBe('2.0.0 · downloading 2.1.0');

    openTab('Settings');
    expect((await screen.findByTestId('device-settings-mode')).textContent).toBe('Normal');
    openTab('Tools');
    for (const name of ['WiFi Scan', 'Logs', 'System Logs', 'Log Files']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('scans WiFi: the call, a progress while the cart answers, then the new scan on top and in a table', async () => {
    const device = makeDevice();
    const old = wifiLog(device, ['Old net'], '2026-11-20T10:00:00.000Z');
    const fresh = wifiLog(device, ['Clubhouse', 'Pro Shop'], '2026-11-26T10:00:00.000Z');
    const answer = deferred<Response>();
    const server = renderPanel(device, {
      [`GET ${base(device)}/logs`]: () => json([old]),
      [`POST ${base(device)}/wifi-scan`]: () => answer.promise,
    });
    await openTool('WiFi Scan');
    await screen.findByTestId(`device-log-${old._id}`);
    expect(server.queriesTo(`${base(device)}/logs`)[0]).toEqual({ type: 'wifi', limit: '5' });

    fireEvent.click(screen.getByTestId('wifi-scan-button'));
    expect(await screen.findByTestId('wifi-request-progress')).toBeTruthy();
    expect(server.callsTo('POST', `${base(device)}/wifi-scan`)).toHaveLength(1);

    answer.resolve(
      json({ command: makeCommand({ name: 'ping', code: 5, deviceId: device._id }), log: fresh }),
    );
    const row = await screen.findByTestId(`device-log-${fresh._id}`);
    expect(screen.queryByTestId('wifi-request-progress')).toBeNull();
    const rows = within(screen.getByTestId('wifi-logs')).getAllByRole('button');
    expect(rows[0]).toBe(row);
    expect(row.textContent).toContain('2 networks');

    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: /WiFi scan/ });
    const table = within(dialog).getByTestId('wifi-scan-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['SSID', 'RSSI', 'Channel', 'Encrypt']);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['Clubhouse', '-40 dBm', '1', 'WPA2_PSK'],
      ['Pro Shop', '-50 dBm', '6', 'WPA2_PSK'],
    ]);
  });

  it("says the server's message when the cart is offline (409)", async () => {
    const device = makeDevice({ onlineStatus: false });
    renderPanel(device, {
      [`GET ${base(device)}/logs`]: () => json([]),
      [`POST ${base(device)}/wifi-scan`]: () => json({ message: 'Car 12 is offline' }, 409),
    });
    await openTool('WiFi Scan');
    expect(await screen.findByText('No WiFi scans yet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wifi-scan-button'));
    expect((await screen.findByTestId('wifi-request-error')).textContent).toContain('Car 12 is offline');
  });

  it('says when the cart did not answer in time', async () => {
    const device = makeDevice();
    renderPanel(device, {
      [`GET ${base(device)}/logs`]: () => json([]),
      [`POST ${base(device)}/wifi-scan`]: () =>
        json({ command: makeCommand({ name: 'ping', code: 5, state: 'expired' }), log: null }),
    });
    await openTool('WiFi Scan');
    fireEvent.click(await screen.findByTestId('wifi-scan-button'));
    expect((await screen.findByTestId('wifi-request-error')).textContent).toContain(
      'The cart did not answer in time',
    );
  });

  it("puts a scan pushed on the socket (device:log) on top, after joining the tracker's site", async () => {
    const device = makeDevice();
    const pushed = wifiLog(device, ['Greenkeeper'], '2026-11-26T11:00:00.000Z');
    const other = wifiLog(makeDevice(), ['Elsewhere'], '2026-11-26T11:00:00.000Z');
    renderPanel(device, { [`GET ${base(device)}/logs`]: () => json([]) });
    await openTool('WiFi Scan');
    await screen.findByText('No WiFi scans yet.');
    const socket = sockets.current!;
    socket.receive('connect');
    expect(socket.emitted).toContainEqual({ event: 'join:site', args: [device.siteID] });
    socket.receive('device:log', other);
    socket.receive('device:log', pushed);
    expect(await screen.findByTestId(`device-log-${pushed._id}`)).toBeTruthy();
    expect(screen.queryByTestId(`device-log-${other._id}`)).toBeNull();
  });

  it("asks for a log snapshot with + and shows one grouped in the spec's order, with Yes/No and its lines", async () => {
    const device = makeDevice();
    const snapshot = snapshotLog(device, '2026-11-25T09:00:00.000Z');
    const server = renderPanel(device, {
      [`GET ${base(device)}/logs`]: () => json([snapshot]),
      [`POST ${base(device)}/logs`]: () =>
        json({ command: makeCommand({ name: 'ping', code: 6, state: 'failed', error: 'busy' }), log: null }),
    });
    await openTool('Logs');
    fireEvent.click(await screen.findByRole('button', { name: 'Request a log snapshot' }));
    expect((await screen.findByTestId('log-request-error')).textContent).toContain(
      'The cart refused the request: busy',
    );
    expect(server.callsTo('POST', `${base(device)}/logs`)).toHaveLength(1);
    expect(server.queriesTo(`${base(device)}/logs`)[0]).toEqual({ type: 'log', limit: '5' });

    fireEvent.click(screen.getByTestId(`device-log-${snapshot._id}`));
    const dialog = await screen.findByRole('dialog', { name: /Log snapshot/ });
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['System', 'Locking', 'RFID', 'Log lines']);
    const value = (group: string, key: string) =>
      within(within(dialog).getByTestId(`snapshot-group-${group}`))
        .getByRole('rowheader', { name: key })
        .closest('tr')!
        .querySelectorAll('td')[0]!.textContent;
    expect(value('system', 'wifiEnabled')).toBe('Yes');
    expect(value('system', 'uptime')).toBe('3600');
    expect(value('locking', 'locked')).toBe('No');
    expect(value('locking', 'lockCode')).toBe('1234');
    expect(value('rfid', 'reader')).toBe('No');
    expect(within(dialog).getByTestId('snapshot-lines').textContent).toBe('boot ok\nmodem ready');
  });

  it('counts the system log, loads older pages by keyset as the list scrolls, and exports to Excel', async () => {
    const device = makeDevice();
    const page = (from: number, count: number): SystemLogLine[] =>
      Array.from({ length: count }, (_, index) => ({
        id: from - index,
        ts: '2026-11-26T08:00:00.000Z',
        body: `line ${from - index}`,
      }));
    const server = renderPanel(device, {
      [`GET ${base(device)}/system-logs`]: (call) =>
        call.query.get('before') === '251'
          ? json({ lines: page(250, 200), total: 450, nextBefore: 51 })
          : json({ lines: page(450, 200), total: 450, nextBefore: 251 }),
      [`GET ${base(device)}/system-logs/export`]: () =>
        new Response(new Blob(['xlsx']), {
          headers: { 'Content-Disposition': 'attachment; filename="FW-00_12-system-log.xlsx"' },
        }),
    });
    await openTool('System Logs');
    await waitFor(() => expect(screen.getByTestId('system-logs-total').textContent).toBe('450 lines'));
    const list = screen.getByTestId('system-logs-list');
    // Only the rows in view (and a few around them) are drawn.
    expect(within(list).getAllByTestId('system-log-line').length).toBeLessThan(40);
    expect(within(list).getAllByTestId('system-log-line')[0]!.textContent).toContain('line 450');
    expect(server.queriesTo(`${base(device)}/system-logs`)).toEqual([{ limit: '200' }]);

    fireEvent.scroll(list, { target: { scrollTop: 180 * 44 } });
    await waitFor(() =>
      expect(server.queriesTo(`${base(device)}/system-logs`)).toEqual([
        { limit: '200' },
        { before: '251', limit: '200' },
      ]),
    );
    await waitFor(() => expect(screen.queryByLabelText('Loading older lines')).toBeNull());
    fireEvent.scroll(list, { target: { scrollTop: 196 * 44 } });
    expect(await within(list).findByText('line 250')).toBeTruthy();

    fireEvent.click(screen.getByTestId('system-logs-export'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('FW-00_12-system-log.xlsx');
    expect(server.callsTo('GET', `${base(device)}/system-logs/export`)).toHaveLength(1);
  });

  it('lists log files with name, date and size, and downloads one', async () => {
    const device = makeDevice();
    const name = 'FW-00_12-2026-11-25.log';
    const server = renderPanel(device, {
      [`GET ${base(device)}/log-files`]: () =>
        json([
          {
            _id: name,
            name,
            date: '2026-11-25',
            lines: 40,
            size: 2100,
            downloadUrl: `/api/admin/devices/${device._id}/log-files/${name}`,
          },
        ]),
      [`GET ${base(device)}/log-files/${name}`]: () =>
        new Response('2026-11-25T08:00:00.000Z boot ok\n', { headers: { 'Content-Type': 'text/plain' } }),
    });
    await openTool('Log Files');
    const row = await screen.findByTestId(`log-file-${name}`);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([name, '25/11/2026', '2.1 kB', 'Download']);
    fireEvent.click(within(row).getByRole('button', { name: `Download ${name}` }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe(name);
    expect(server.callsTo('GET', `${base(device)}/log-files/${name}`)).toHaveLength(1);
  });

  it('shows an error with a retry when the log files cannot be loaded', async () => {
    const device = makeDevice();
    let fail = true;
    renderPanel(device, {
      [`GET ${base(device)}/log-files`]: () => (fail ? json({ message: 'Device not found' }, 404) : json([])),
    });
    await openTool('Log Files');
    expect(await screen.findByText('Device not found')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No log files yet.')).toBeTruthy();
  });

  it('saves the tracker mode and publishes the device settings; a server change asks first', async () => {
    const device = makeDevice();
    const server = renderPanel(device, {
      'PATCH /api/admin/devices': (call) =>
        json([{ ...makeCart(), ...(call.body as { updateData: object }).updateData }]),
      'POST /api/admin/devices/publish': () => json({ done: 1, ids: [device._id], skipped: [] }),
    });
    openTab('Settings');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.mouseDown(screen.getByTestId('device-settings-mode'));
    fireEvent.click(await screen.findByRole('option', { name: 'Tracking' }));
    fireEvent.click(save);
    expect(await screen.findByText('Settings saved and sent to the tracker')).toBeTruthy();
    expect(server.callsTo('PATCH', '/api/admin/devices')[0]!.body).toEqual({
      ids: [device._id],
      updateData: { trackerMode: 'tracking' },
    });
    expect(server.callsTo('POST', '/api/admin/devices/publish')[0]!.body).toEqual({
      ids: [device._id],
      what: 'device',
    });

    fireEvent.mouseDown(screen.getByTestId('device-settings-server'));
    fireEvent.click(await screen.findByRole('option', { name: 'Beta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change Server?' });
    expect(server.callsTo('PATCH', '/api/admin/devices')).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Change server' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/admin/devices')).toHaveLength(2));
    expect(server.callsTo('PATCH', '/api/admin/devices')[1]!.body).toEqual({
      ids: [device._id],
      updateData: { trackerMode: 'tracking', server: 'beta' },
    });
  });
});
