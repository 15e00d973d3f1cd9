import { createHash } from 'node:crypto';
import { FIRMWARE_STATUS, type FirmwareEventData, type FirmwareOrder } from '@fairway/domain';

/** Why a download did not give the image the order describes (the event's `error`). */
export type FirmwareFailure = 'expired' | 'download' | 'size' | 'checksum' | 'busy';

export type DownloadResult =
  { ok: true; bytes: Buffer } | { ok: false; error: FirmwareFailure; detail?: string };

/**
 * Fetches the order's image and checks it as the tracker's bootloader does before it flashes anything: the
 * URL has not expired, the server answered it, the length is the order's `size`, and the SHA-256 matches.
 * Reads at most `size + 1` bytes, so a wrong or hostile URL cannot fill the tracker's flash.
 */
export async function downloadFirmware(
  order: FirmwareOrder,
  fetchImage: typeof fetch,
  now: number,
): Promise<DownloadResult> {
  if (now > order.urlExpiresAt) return { ok: false, error: 'expired' };
  let response: Response;
  try {
    response = await fetchImage(order.url);
  } catch (error) {
    return { ok: false, error: 'download', detail: (error as Error).message };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return { ok: false, error: 'download', detail: `HTTP ${response.status}` };
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response.body) {
    chunks.push(Buffer.from(chunk));
    length += chunk.byteLength;
    if (length > order.size) {
      await response.body.cancel().catch(() => undefined);
      return { ok: false, error: 'size' };
    }
  }
  const bytes = Buffer.concat(chunks);
  if (bytes.length !== order.size) return { ok: false, error: 'size' };
  if (createHash('sha256').update(bytes).digest('hex') !== order.sha256)
    return { ok: false, error: 'checksum' };
  return { ok: true, bytes };
}

export interface FirmwareUpdaterOptions {
  clock: () => number;
  fetchImage?: typeof fetch;
  /** a `firmware` event to the server */
  report(data: FirmwareEventData): void;
  /** a line in the tracker's own log */
  note(level: 'I' | 'W' | 'E', text: string): void;
  /** the image is verified: flash it and restart into `version` */
  install(version: string): void;
}

/**
 * One tracker's OTA: after the order is acknowledged it reports downloading (2), downloads and checks the
 * image, then reports failed (3, the old version runs on) or downloaded (4) and installs, which restarts
 * the tracker into the new version. One update at a time: an order while one runs fails with 'busy'.
 */
export class FirmwareUpdater {
  private running: Promise<void> | null = null;

  constructor(private readonly options: FirmwareUpdaterOptions) {}

  get busy(): boolean {
    return this.running !== null;
  }

  /** Starts the update without waiting for it; resolves when it ended (tests wait on it). */
  start(commandId: string, order: FirmwareOrder): Promise<void> {
    if (this.running) {
      this.finish(commandId, order, { ok: false, error: 'busy' });
      return Promise.resolve();
    }
    const run = this.run(commandId, order).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  private async run(commandId: string, order: FirmwareOrder): Promise<void> {
    // Yield first: the order's acknowledgement leaves before any progress does.
    await Promise.resolve();
    const { report, note } = this.options;
    report({ commandId, status: FIRMWARE_STATUS.downloading, version: order.version });
    note('I', `ota ${order.version} downloading ${order.size} bytes`);
    const result = await downloadFirmware(order, this.options.fetchImage ?? fetch, this.options.clock());
    this.finish(commandId, order, result);
  }

  private finish(commandId: string, order: FirmwareOrder, result: DownloadResult): void {
    const { report, note } = this.options;
    if (!result.ok) {
      report({ commandId, status: FIRMWARE_STATUS.failed, version: order.version, error: result.error });
      note('E', `ota ${order.version} failed: ${result.error}${result.detail ? ` (${result.detail})` : ''}`);
      return;
    }
    report({ commandId, status: FIRMWARE_STATUS.downloaded, version: order.version });
    note('I', `ota ${order.version} verified, installing`);
    this.options.install(order.version);
  }
}
