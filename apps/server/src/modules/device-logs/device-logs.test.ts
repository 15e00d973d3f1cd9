import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceTopic,
  type DeviceLogRequestAnswer,
  type DeviceLogView,
  type LogFileView,
  type LogRequestResult,
  type SystemLogMessage,
  type SystemLogPage,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import {
  connectSocket,
  eventually,
  moveDevices,
  publishJson,
  registerDevice,
  request,
  storedCart,
  type TestSocket,
} from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { deviceLogs, deviceSystemLogs } from '../../db/tables/device-logs';
import { SYSTEM_LOG_RETENTION_DAYS } from './device-logs.service';

/** The device side panel's WiFi Scan, Logs, System Logs and Log Files (issue 20), with real MQTT test carts. */
let rt: Runtime;
let superadmin: string;
let admin: string;
let staff: string;
let siteId: string;
let socket: TestSocket;
const carts: TestCart[] = [];

const api = (token: string | null, method: 'GET' | 'POST', url: string) =>
  rt.app.inject({
    method,
    url: `/api/admin/devices${url}`,
    headers: token ? asUser(token) : {},
  });
const cart = async () => {
  const started = await startTestCart(rt, superadmin, siteId);
  carts.push(started);
  // Online for commands: connected and its first report stored.
  await eventually(async () => {
    const row = await storedCart(rt, started.deviceId);
    return row.online && row.lastReportAt !== null;
  });
  return started;
};
const systemLines = (deviceId: string) =>
  rt.ctx.db.select().from(deviceSystemLogs).where(eq(deviceSystemLogs.deviceId, deviceId));
const sendBatch = (from: TestCart, batch: SystemLogMessage) =>
  publishJson(from.client!, deviceTopic(from.deviceId, 'log'), batch, { qos: 1 });
const batchOf = (lines: Array<{ ts: number; body: string }>): SystemLogMessage => ({
  id: crypto.randomUUID(),
  lines,
});

const SNAPSHOT: LogRequestResult = {
  snapshot: {
    system: { firmware: '3.2.1', uptime: 5120, freeHeap: 101_200, resetReason: 'POWERON' },
    wifi: { ssid: 'Clubhouse', rssi: -61, enabled: '1' },
    modemSim: { catM1: '1', csq: 17, ccid: '8945011234567890123', carrier: 'Telenor DK' },
    locking: { lock: '1', key: '0', autoLock: 5 },
  },
  lines: ['2026-01-01T10:00:00.000Z I boot', '2026-01-01T10:00:01.000Z I mqtt connected'],
};
const NETWORKS = {
  networks: [
    { ssid: 'Clubhouse', rssi: -48, channel: 6, encrypt: 'WPA2_PSK' },
    { ssid: 'ProShop', rssi: -71, channel: 1, encrypt: 'OPEN' },
  ],
};

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, admin, staff] = (await Promise.all(
    ['superadmin@example.com', 'admin@example.com', 'staff@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  siteId = (await demoSiteIds(rt)).demo;
  socket = await connectSocket(rt, superadmin);
  await request(socket, 'join:site', siteId);
});
afterAll(async () => {
  socket.close();
  for (const started of carts) await started.disconnect();
  await rt.stop();
});

describe('WiFi scan and log request', () => {
  it('answers a WiFi scan with the stored networks once the cart answered, pushes it and lists it', async () => {
    const scanner = await cart();
    scanner.pingResults[5] = NETWORKS;
    const pushed = new Promise<DeviceLogView>((resolve) =>
      socket.on('device:log', (log) => log.deviceId === scanner.deviceId && resolve(log)),
    );
    const res = await api(superadmin, 'POST', `/${scanner.deviceId}/wifi-scan`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<DeviceLogRequestAnswer>();
    expect(answer.command).toMatchObject({ name: 'ping', code: 5, state: 'acknowledged' });
    expect(answer.log).toMatchObject({ type: 'wifi', commandId: answer.command._id, data: NETWORKS });
    expect(await pushed).toEqual(answer.log);

    const listed = await api(superadmin, 'GET', `/${scanner.deviceId}/logs?type=wifi&limit=5`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<DeviceLogView[]>()).toEqual([answer.log]);
  });

  it('answers a log request with the grouped snapshot; lists logs newest first, by type', async () => {
    const tracker = await cart();
    tracker.pingResults[6] = SNAPSHOT;
    tracker.pingResults[5] = NETWORKS;
    const first = (await api(superadmin, 'POST', `/${tracker.deviceId}/logs`)).json<DeviceLogRequestAnswer>();
    expect(first.log).toMatchObject({ type: 'log', data: SNAPSHOT });
    const scan = (
      await api(superadmin, 'POST', `/${tracker.deviceId}/wifi-scan`)
    ).json<DeviceLogRequestAnswer>();
    const second = (
      await api(superadmin, 'POST', `/${tracker.deviceId}/logs`)
    ).json<DeviceLogRequestAnswer>();

    const all = (await api(superadmin, 'GET', `/${tracker.deviceId}/logs`)).json<DeviceLogView[]>();
    expect(all.map((log) => log._id)).toEqual([second.log!._id, scan.log!._id, first.log!._id]);
    const onlyLogs = (await api(superadmin, 'GET', `/${tracker.deviceId}/logs?type=log&limit=1`)).json<
      DeviceLogView[]
    >();
    expect(onlyLogs.map((log) => log._id)).toEqual([second.log!._id]);
  });

  it('acknowledges an answer that does not parse without storing it, and stores nothing for a refusal', async () => {
    const tracker = await cart();
    tracker.pingResults[6] = { snapshot: 'not a snapshot' };
    const unreadable = (
      await api(superadmin, 'POST', `/${tracker.deviceId}/logs`)
    ).json<DeviceLogRequestAnswer>();
    expect(unreadable).toMatchObject({ command: { state: 'acknowledged' }, log: null });

    tracker.ackMode = 'refuse';
    const refused = (
      await api(superadmin, 'POST', `/${tracker.deviceId}/wifi-scan`)
    ).json<DeviceLogRequestAnswer>();
    expect(refused).toMatchObject({ command: { state: 'failed', error: 'lock motor jammed' }, log: null });
    const rows = await rt.ctx.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, tracker.deviceId));
    expect(rows).toEqual([]);
  });

  it('refuses an offline cart with 409 and sends nothing', async () => {
    const device = await registerDevice(rt, superadmin);
    await moveDevices(rt, superadmin, [device.deviceId], siteId);
    const res = await api(superadmin, 'POST', `/${device.deviceId}/wifi-scan`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'offline' });
  });
});

describe('system logs from the `log` channel', () => {
  it('stores a batch once however often it is delivered', async () => {
    const tracker = await cart();
    const batch = batchOf([
      { ts: Date.parse('2026-01-02T08:00:00Z'), body: 'I boot' },
      { ts: Date.parse('2026-01-02T08:00:01Z'), body: 'I mqtt connected' },
    ]);
    await sendBatch(tracker, batch);
    await eventually(async () => (await systemLines(tracker.deviceId)).length === 2);
    // A redelivery (its PUBACK was lost), then a later batch: the redelivered lines are not stored again.
    await sendBatch(tracker, batch);
    await sendBatch(tracker, batchOf([{ ts: Date.parse('2026-01-02T08:05:00Z'), body: 'I cmd ping 2 ok' }]));
    await eventually(async () => (await systemLines(tracker.deviceId)).length === 3);
    expect((await systemLines(tracker.deviceId)).map((row) => row.body).sort()).toEqual([
      'I boot',
      'I cmd ping 2 ok',
      'I mqtt connected',
    ]);
  });

  it('deletes lines older than the retention, a chunk at a time, and keeps the rest', async () => {
    const tracker = await cart();
    await sendBatch(
      tracker,
      batchOf(
        Array.from({ length: 5 }, (_, i) => ({ ts: Date.parse('2026-03-01T00:00:00Z') + i, body: `I ${i}` })),
      ),
    );
    await eventually(async () => (await systemLines(tracker.deviceId)).length === 5);
    // Three of them arrived just over the retention ago, two just inside it.
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const rows = (await systemLines(tracker.deviceId)).sort((a, b) => a.line - b.line);
    for (const [index, row] of rows.entries()) {
      const age = SYSTEM_LOG_RETENTION_DAYS * day + (index < 3 ? 60_000 : -60_000);
      await rt.ctx.db
        .update(deviceSystemLogs)
        .set({ receivedAt: new Date(now - age) })
        .where(eq(deviceSystemLogs.id, row.id));
    }
    expect(await rt.ctx.deviceLogs.pruneSystemLogs(now, 2)).toEqual({ deleted: 2, more: true });
    expect(await rt.ctx.deviceLogs.pruneSystemLogs(now, 2)).toEqual({ deleted: 1, more: false });
    expect((await systemLines(tracker.deviceId)).map((row) => row.body).sort()).toEqual(['I 3', 'I 4']);
  });

  it('pages newest first with the total, and exports every line as a spreadsheet', async () => {
    const tracker = await cart();
    const start = Date.parse('2026-02-01T00:00:00Z');
    const line = (i: number) => ({ ts: start + i * 1000, body: `I line ${i}` });
    await sendBatch(tracker, batchOf(Array.from({ length: 40 }, (_, i) => line(i))));
    await sendBatch(tracker, batchOf(Array.from({ length: 10 }, (_, i) => line(40 + i))));
    await eventually(async () => (await systemLines(tracker.deviceId)).length === 50);

    const seen: string[] = [];
    let before: number | null | undefined;
    const sizes: number[] = [];
    do {
      const query = `limit=20${before ? `&before=${before}` : ''}`;
      const page = (
        await api(superadmin, 'GET', `/${tracker.deviceId}/system-logs?${query}`)
      ).json<SystemLogPage>();
      expect(page.total).toBe(50);
      sizes.push(page.lines.length);
      seen.push(...page.lines.map((l) => l.body));
      before = page.nextBefore;
    } while (before);
    expect(sizes).toEqual([20, 20, 10]);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => `I line ${49 - i}`));

    const file = await api(superadmin, 'GET', `/${tracker.deviceId}/system-logs/export`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const serial = (await storedCart(rt, tracker.deviceId)).serial;
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${serial}-system-log.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(51);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Time (UTC)', 'Message']);
    expect(sheet.getRow(2).values).toEqual([undefined, new Date(start + 49_000).toISOString(), 'I line 49']);
    expect(sheet.getRow(51).values).toEqual([undefined, new Date(start).toISOString(), 'I line 0']);
  });

  it('lists one log file per day with lines and downloads a day as text', async () => {
    const tracker = await cart();
    await sendBatch(
      tracker,
      batchOf([
        { ts: Date.parse('2026-03-01T23:59:59Z'), body: 'I day one' },
        { ts: Date.parse('2026-03-02T00:00:00Z'), body: 'W day two, first' },
        { ts: Date.parse('2026-03-02T12:30:00Z'), body: 'E day two, second' },
      ]),
    );
    await eventually(async () => (await systemLines(tracker.deviceId)).length === 3);
    const serial = (await storedCart(rt, tracker.deviceId)).serial;
    const files = (await api(superadmin, 'GET', `/${tracker.deviceId}/log-files`)).json<LogFileView[]>();
    expect(files.map(({ name, date, lines }) => ({ name, date, lines }))).toEqual([
      { name: `${serial}-2026-03-02.log`, date: '2026-03-02', lines: 2 },
      { name: `${serial}-2026-03-01.log`, date: '2026-03-01', lines: 1 },
    ]);

    const download = await rt.app.inject({ url: files[0]!.downloadUrl, headers: asUser(superadmin) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${files[0]!.name}"`);
    expect(download.body).toBe(
      '2026-03-02T00:00:00.000Z W day two, first\n2026-03-02T12:30:00.000Z E day two, second\n',
    );
    expect(files[0]!.size).toBe(download.rawPayload.length);

    for (const [name, status] of [
      [`${serial}-2026-03-03.log`, 404], // a day without lines
      [`${serial}-2026-02-31.log`, 404], // not a day
      [`OTHER-2026-03-02.log`, 404], // another cart's file
      ['..%2F..%2Fetc%2Fpasswd', 400],
      [`${serial}-2026-03-02.txt`, 400],
    ] as const) {
      const res = await api(superadmin, 'GET', `/${tracker.deviceId}/log-files/${name}`);
      expect(res.statusCode, name).toBe(status);
    }
  });

  it('drops a malformed batch and an oversized one at the broker or the gateway: nothing of them is stored', async () => {
    const tracker = await cart();
    const topic = deviceTopic(tracker.deviceId, 'log');
    const ok = { ts: Date.now(), body: 'I fine' };
    const invalidBefore = rt.gateway.stats().invalid;
    // 41 lines; a line over 300 characters; no id.
    await publishJson(tracker.client!, topic, batchOf(Array.from({ length: 41 }, () => ok)), { qos: 1 });
    await publishJson(tracker.client!, topic, batchOf([{ ts: Date.now(), body: 'x'.repeat(301) }]), {
      qos: 1,
    });
    await publishJson(tracker.client!, topic, { lines: [ok] }, { qos: 1 });
    await eventually(() => rt.gateway.stats().invalid - invalidBefore === 3);

    // Valid JSON and a valid batch (the schema would strip the padding), 20 KB on the wire: over a cart's
    // 16 KB. Aedes closes the cart's connection; Mosquitto's limit is broker-wide (256 KB), so there the
    // gateway drops it before parsing. Either way nothing is stored.
    const oversized = { ...batchOf([{ ts: Date.now(), body: 'I padded' }]), padding: 'x'.repeat(20 * 1024) };
    const closed = new Promise<'closed'>((resolve) => tracker.client!.once('close', () => resolve('closed')));
    const invalidNow = rt.gateway.stats().invalid;
    tracker.client!.publish(topic, JSON.stringify(oversized), { qos: 1 });
    const dropped = eventually(() => rt.gateway.stats().invalid > invalidNow).catch(() => 'not dropped');
    expect(await Promise.race([closed, dropped])).not.toBe('not dropped');

    await tracker.disconnect();
    await tracker.connect();
    await sendBatch(tracker, batchOf([{ ts: Date.now(), body: 'I after' }]));
    await eventually(async () => (await systemLines(tracker.deviceId)).length === 1);
    expect((await systemLines(tracker.deviceId)).map((row) => row.body)).toEqual(['I after']);
  });
});

describe('SIM identity from the status', () => {
  it('stores ccid and carrier when a status has them and keeps them when one does not', async () => {
    const tracker = await cart();
    const status = deviceTopic(tracker.deviceId, 'status');
    await publishJson(
      tracker.client!,
      status,
      { online: true, ccid: '89450112345678901234', carrier: 'Telenor DK' },
      { qos: 1, retain: true },
    );
    await eventually(
      async () => (await storedCart(rt, tracker.deviceId)).gprsCcid === '89450112345678901234',
    );
    await publishJson(tracker.client!, status, { online: true, firmware: '3.3.0' }, { qos: 1, retain: true });
    await eventually(async () => (await storedCart(rt, tracker.deviceId)).firmware === '3.3.0');
    expect(await storedCart(rt, tracker.deviceId)).toMatchObject({
      gprsCcid: '89450112345678901234',
      gprsCarrier: 'Telenor DK',
    });
  });
});

describe('access and input', () => {
  const routes: Array<['GET' | 'POST', string]> = [
    ['GET', '/logs'],
    ['POST', '/wifi-scan'],
    ['POST', '/logs'],
    ['GET', '/system-logs'],
    ['GET', '/system-logs/export'],
    ['GET', '/log-files'],
    ['GET', '/log-files/X-2026-01-01.log'],
  ];

  it('is for superadmins: admins and staff get 403, no token 401', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of routes) {
      expect((await api(admin, method, `/${id}${path}`)).statusCode, `${method} ${path}`).toBe(403);
      expect((await api(staff, method, `/${id}${path}`)).statusCode, `${method} ${path}`).toBe(403);
      expect((await api(null, method, `/${id}${path}`)).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 404 for an unknown tracker and 400 for bad input', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of routes)
      expect((await api(superadmin, method, `/${id}${path}`)).statusCode, `${method} ${path}`).toBe(404);
    for (const path of [
      '/not-a-uuid/logs',
      `/${id}/logs?limit=0`,
      `/${id}/logs?limit=51`,
      `/${id}/logs?type=sms`,
      `/${id}/system-logs?limit=1001`,
      `/${id}/system-logs?before=abc`,
      `/${id}/system-logs?before=0`,
    ])
      expect((await api(superadmin, 'GET', path)).statusCode, path).toBe(400);
  });
});
