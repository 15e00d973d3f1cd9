import {
  FIRMWARE_STATUS,
  firmwareEventData,
  type EventMessage,
  type FirmwareOrder,
  type FirmwareUpdateView,
  type PushFirmwareResult,
} from '@fairway/domain';
import type { Logger } from 'pino';
import type { DeviceRow } from '../../db/tables/devices';
import { notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import type { FileStore } from '../../lib/file-store';
import type { CommandRow } from '../commands/commands.presenter';
import type { CommandsService, Requester } from '../commands/commands.service';
import { toCartView } from '../devices/devices.presenter';
import { toFirmwareUpdateView } from './firmware.presenter';
import type { FirmwareRepository } from './firmware.repository';

/** How long the cart has to acknowledge the order (it acks on receipt, before downloading). */
export const FIRMWARE_COMMAND_WINDOW_MS = 2 * 60_000;
/** How long the signed download URL works: time for a slow cellular download, not for a leaked link. */
export const FIRMWARE_URL_TTL_S = 30 * 60;

const { pending, downloading, failed, downloaded } = FIRMWARE_STATUS;

/**
 * Firmware over the air (issue 20, docs/device-protocol.md "Firmware over the air"): a superadmin pushes an
 * uploaded image to carts; each online cart gets a `firmware` command with a signed, expiring URL, the
 * SHA-256 and the size, and is marked pending (1) with its target version. The cart's acknowledgement
 * moves it to downloading (2), its `firmware` events to failed (3) or downloaded (4), and its next status
 * naming the target version back to normal (0). Every change is emitted as `device.updated`.
 */
export class FirmwareUpdatesService {
  constructor(
    private readonly repository: FirmwareRepository,
    private readonly files: FileStore,
    private readonly commands: CommandsService,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  async push(ids: string[], fileId: string, by: Requester): Promise<PushFirmwareResult> {
    const file = await this.repository.findFile(fileId);
    if (!file) throw notFound('Firmware file not found');
    const unique = [...new Set(ids)];
    const rows = new Map((await this.repository.devicesByIds(unique)).map((row) => [row.id, row]));
    const now = Date.now();
    const urlExpiresAt = now + FIRMWARE_URL_TTL_S * 1000;
    // An order older than its URL cannot be downloading any more: it no longer blocks a new one.
    const updating = await this.repository.devicesUpdating(unique, new Date(now - FIRMWARE_URL_TTL_S * 1000));
    const skipped: PushFirmwareResult['skipped'] = [];
    const takers: DeviceRow[] = [];
    for (const id of unique) {
      const row = rows.get(id);
      const car = row ? `Car ${row.carNumber ?? row.serial}` : '';
      if (!row) skipped.push({ id, carNumber: null, reason: 'notFound', message: 'Device not found' });
      else if (!toCartView(row).onlineStatus)
        skipped.push({ id, carNumber: row.carNumber, reason: 'offline', message: `${car} is offline` });
      else if (row.firmware === file.version)
        skipped.push({
          id,
          carNumber: row.carNumber,
          reason: 'alreadyOnVersion',
          message: `${car} already runs ${file.version}`,
        });
      else if (updating.has(id))
        skipped.push({
          id,
          carNumber: row.carNumber,
          reason: 'updateRunning',
          message: `${car} is still installing an update`,
        });
      else takers.push(row);
    }
    if (takers.length === 0) return { done: 0, ids: [], skipped };

    const order: FirmwareOrder = {
      url: await this.files.signedUrl(file.storeKey, FIRMWARE_URL_TTL_S),
      urlExpiresAt,
      sha256: file.sha256,
      size: file.size,
      version: file.version,
    };
    for (const row of takers) {
      await this.commands.sendFirmware(row, order, by, FIRMWARE_COMMAND_WINDOW_MS, async (commandId) => {
        const device = await this.repository.startUpdate({
          deviceId: row.id,
          fileId: file.id,
          commandId,
          fromVersion: row.firmware,
          version: file.version,
          status: pending,
          requestedBy: by.userId,
        });
        if (device) this.bus.emit('device.updated', device);
      });
    }
    return { done: takers.length, ids: takers.map((row) => row.id), skipped };
  }

  async history(deviceId: string, limit = 50): Promise<FirmwareUpdateView[]> {
    if (!(await this.repository.device(deviceId))) throw notFound('Device not found');
    return (await this.repository.history(deviceId, limit)).map(toFirmwareUpdateView);
  }

  /** The cart answered the order: received (downloading), or refused, or never answered in time (failed). */
  async commandEnded(command: CommandRow): Promise<void> {
    if (command.name !== 'firmware' || !command.finishedAt) return;
    const ok = command.state === 'acknowledged';
    const error = ok ? null : (command.error ?? command.state);
    await this.move(command.deviceId, command.id, [pending], ok ? downloading : failed, error);
  }

  /** A `firmware` event: the cart's progress on an order. Throws on a storage failure (the broker redelivers). */
  async event(deviceId: string, event: EventMessage): Promise<void> {
    if (event.type !== 'firmware') return;
    const parsed = firmwareEventData.safeParse(event.data);
    if (!parsed.success) {
      this.log.warn({ deviceId, event, issues: parsed.error.issues }, 'unreadable firmware event ignored');
      return;
    }
    const { commandId, status, error } = parsed.data;
    // A late or repeated message never takes an order back: downloading only follows pending.
    const from =
      status === downloading
        ? [pending]
        : status === failed
          ? [pending, downloading, downloaded]
          : [pending, downloading, failed];
    await this.move(deviceId, commandId, from, status, status === failed ? (error ?? 'failed') : null);
  }

  /** A stored cart state: once it runs the version it was sent, its update is done. */
  async deviceUpdated(device: DeviceRow): Promise<void> {
    if (device.firmwareStatus === 0 || !device.firmwareTarget || device.firmware !== device.firmwareTarget)
      return;
    const completed = await this.repository.complete(device.id, device.firmwareTarget);
    if (completed) this.bus.emit('device.updated', completed);
  }

  /** Subscribes the OTA reactions; returns the unsubscribe function. */
  attach(): () => void {
    const onCommand = (command: CommandRow) =>
      void this.commandEnded(command).catch((error: unknown) =>
        this.log.error({ err: error, command: command.id }, 'firmware progress from an answer failed'),
      );
    const onDevice = (device: DeviceRow) =>
      void this.deviceUpdated(device).catch((error: unknown) =>
        this.log.error({ err: error, deviceId: device.id }, 'completing a firmware update failed'),
      );
    // Awaited by the dispatcher: the event is acknowledged to the broker only once its progress is stored.
    const onEvent = (deviceId: string, event: EventMessage) => this.event(deviceId, event);
    this.bus.on('command.updated', onCommand);
    this.bus.on('device.updated', onDevice);
    this.bus.on('device.event', onEvent);
    return () => {
      this.bus.off('command.updated', onCommand);
      this.bus.off('device.updated', onDevice);
      this.bus.off('device.event', onEvent);
    };
  }

  private async move(
    deviceId: string,
    commandId: string,
    from: number[],
    status: number,
    error: string | null,
  ): Promise<void> {
    const device = await this.repository.progress(deviceId, commandId, from, status, error);
    if (device) this.bus.emit('device.updated', device);
  }
}
