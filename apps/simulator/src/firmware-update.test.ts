import { createHash } from 'node:crypto';
import { FIRMWARE_STATUS, firmwareEventData, type FirmwareOrder } from '@fairway/domain';
import { describe, expect, it, vi } from 'vitest';
import type { LinkAction } from './commands';
import { command, recordingDevice } from './device.test-support';
import { SIMULATOR_FIRMWARE } from './device';

const IMAGE = Buffer.from('fairway tracker image 2.0.0 '.repeat(40));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const URL_ = 'https://files.example/firmware/wifi/2.0.0.bin?signature=x';

/** A download server in a function: answers the order's URL with `body` (or `status`). */
function server(body: Buffer, status = 200) {
  const requests: string[] = [];
  const fetchImage = (async (input: string | URL | Request) => {
    requests.push(String(input));
    return new Response(status === 200 ? new Uint8Array(body) : 'denied', { status });
  }) as typeof fetch;
  return { fetchImage, requests };
}

function order(now: number, fields: Partial<FirmwareOrder> = {}): FirmwareOrder {
  return {
    url: URL_,
    urlExpiresAt: now + 30 * 60_000,
    sha256: sha256(IMAGE),
    size: IMAGE.length,
    version: '2.0.0',
    ...fields,
  };
}

/** A device that records link actions, fed a firmware order; resolves once its update ended. */
async function update(
  body: Buffer,
  fields: (now: number) => Partial<FirmwareOrder> = () => ({}),
  status = 200,
) {
  const links: LinkAction[] = [];
  const download = server(body, status);
  const recorded = recordingDevice({ fetchImage: download.fetchImage, onLinkAction: (a) => links.push(a) });
  const { device, clock, on } = recorded;
  const ota = command(clock.now, { name: 'firmware', firmware: order(clock.now, fields(clock.now)) });
  device.receiveCommand(ota);
  await vi.waitFor(() => expect(device.firmwareUpdating).toBe(false));
  await vi.waitFor(() => expect(on('event').length).toBeGreaterThanOrEqual(2));
  const progress = on('event')
    .filter((event) => event.type === 'firmware')
    .map((event) => firmwareEventData.parse(event.data));
  return { ...recorded, ota, links, progress, download };
}

describe('firmware over the air', () => {
  it('acks the order, reports downloading then downloaded, and reboots into the new version', async () => {
    const { device, ota, on, links, progress, download } = await update(IMAGE);
    expect(on('ack')[0]).toMatchObject({ id: ota.id, ok: true, result: { version: '2.0.0' } });
    expect(download.requests).toEqual([URL_]);
    expect(progress).toEqual([
      { commandId: ota.id, status: FIRMWARE_STATUS.downloading, version: '2.0.0' },
      { commandId: ota.id, status: FIRMWARE_STATUS.downloaded, version: '2.0.0' },
    ]);
    expect(links).toEqual(['reboot']);
    // Until the restart the old image runs; after it the status names the new one.
    expect(device.statusOnline().firmware).toBe(SIMULATOR_FIRMWARE);
    device.shutDown(false);
    device.linkUp();
    expect(device.statusOnline().firmware).toBe('2.0.0');
    expect(on('status').at(-1)?.firmware).toBe('2.0.0');
    expect(device.state().firmware).toBe('2.0.0');
    expect(device.diagnostics().firmware).toBe('2.0.0');
  });

  it('reports a corrupt image as failed (checksum) and keeps its version', async () => {
    const corrupt = Buffer.from(IMAGE);
    corrupt[10] = corrupt[10]! ^ 0xff;
    const { device, links, progress } = await update(corrupt);
    expect(progress.map((p) => [p.status, p.error])).toEqual([
      [FIRMWARE_STATUS.downloading, undefined],
      [FIRMWARE_STATUS.failed, 'checksum'],
    ]);
    expect(links).toEqual([]);
    device.shutDown(false);
    device.linkUp();
    expect(device.statusOnline().firmware).toBe(SIMULATOR_FIRMWARE);
  });

  it('refuses an image of another size than the order says (size)', async () => {
    const { progress, links } = await update(Buffer.concat([IMAGE, Buffer.from('extra')]));
    expect(progress.at(-1)).toMatchObject({ status: FIRMWARE_STATUS.failed, error: 'size' });
    expect(links).toEqual([]);
  });

  it('does not download once the URL expired (expired)', async () => {
    const { progress, download } = await update(IMAGE, (now) => ({ urlExpiresAt: now - 1 }));
    expect(progress.at(-1)).toMatchObject({ status: FIRMWARE_STATUS.failed, error: 'expired' });
    expect(download.requests).toEqual([]);
  });

  it('reports a refused download (download)', async () => {
    const { progress } = await update(IMAGE, () => ({}), 403);
    expect(progress.at(-1)).toMatchObject({ status: FIRMWARE_STATUS.failed, error: 'download' });
  });

  it('refuses a second order while one is under way, and an order without its image', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchImage = (() => new Promise<Response>((resolve) => (release = resolve))) as typeof fetch;
    const { device, clock, on } = recordingDevice({ fetchImage });
    device.receiveCommand(command(clock.now, { name: 'firmware', firmware: order(clock.now) }));
    await vi.waitFor(() => expect(on('event')).toHaveLength(1));
    const second = command(clock.now, { name: 'firmware', firmware: order(clock.now, { version: '3.0.0' }) });
    device.receiveCommand(second);
    const bare = command(clock.now, { name: 'firmware' });
    device.receiveCommand(bare);
    expect(on('ack').slice(1)).toEqual([
      { id: second.id, ok: false, error: 'update running', ts: clock.now },
      { id: bare.id, ok: false, error: 'no firmware order', ts: clock.now },
    ]);
    release(new Response(new Uint8Array(IMAGE)));
    await vi.waitFor(() => expect(device.firmwareUpdating).toBe(false));
  });
});
