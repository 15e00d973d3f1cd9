import { PassThrough, Readable } from 'node:stream';
import {
  COMMAND_CODES,
  type DeviceLogRequestAnswer,
  type DeviceLogType,
  type DeviceLogView,
  type LogFileView,
  type SystemLogMessage,
  type SystemLogPage,
} from '@fairway/domain';
import type { Logger } from 'pino';
import { notFound } from '../../lib/errors';
import type { CommandsService, Requester } from '../commands/commands.service';
import type { DeviceLogsRepository, SystemLogRow } from './device-logs.repository';
import {
  fileSerial,
  logFileLine,
  logFileNameOf,
  toDeviceLogView,
  toLogFileView,
  toSystemLogLine,
} from './device-logs.presenter';

/** An export holds at most this many lines (the newest): a spreadsheet of more is of no use to anyone. */
export const SYSTEM_LOG_EXPORT_MAX = 100_000;
/** Lines read per query while a file is written: memory stays flat however long the log is. */
const CHUNK = 5_000;

const REQUEST_CODES: Record<DeviceLogType, number> = {
  wifi: COMMAND_CODES.wifiScan,
  log: COMMAND_CODES.requestLog,
};

/** YYYY-MM-DD naming a day of the calendar (not 2026-02-31). */
const realDate = (date: string): boolean => {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
};

export interface LogDownload {
  filename: string;
  body: Readable;
}

/**
 * The side panel's WiFi Scan, Logs, System Logs and Log Files (issue 20, spec §2 and §7 Admin /devices):
 * asks a cart for a scan or a snapshot through the commands service and answers what it stored; pages,
 * counts and exports the lines carts send on their `log` channel, and stores those lines.
 */
/** How long a tracker's system log lines are kept (docs/operations.md, Retention). */
export const SYSTEM_LOG_RETENTION_DAYS = 90;

export class DeviceLogsService {
  constructor(
    private readonly logs: DeviceLogsRepository,
    private readonly commands: CommandsService,
    private readonly log: Logger,
  ) {}

  async list(deviceId: string, type: DeviceLogType | undefined, limit: number): Promise<DeviceLogView[]> {
    await this.device(deviceId);
    return (await this.logs.list(deviceId, type, limit)).map(toDeviceLogView);
  }

  /**
   * Sends the WiFi scan (5) or the log request (6) and answers when the cart answered: the command as it
   * ended and the stored answer (null when the cart refused, stayed silent or answered something unreadable).
   * An offline cart is refused (409) before anything is sent.
   */
  async request(deviceId: string, type: DeviceLogType, by: Requester): Promise<DeviceLogRequestAnswer> {
    const { command } = await this.commands.ping(null, deviceId, REQUEST_CODES[type], by);
    const stored = command.state === 'acknowledged' ? await this.logs.forCommand(command._id) : null;
    return { command, log: stored ? toDeviceLogView(stored) : null };
  }

  async systemPage(deviceId: string, before: number | undefined, limit: number): Promise<SystemLogPage> {
    await this.device(deviceId);
    const [rows, total] = await Promise.all([
      this.logs.systemPage(deviceId, before, limit),
      this.logs.systemCount(deviceId),
    ]);
    return {
      lines: rows.map(toSystemLogLine),
      total,
      nextBefore: rows.length === limit ? rows.at(-1)!.id : null,
    };
  }

  /**
   * Every line as a spreadsheet, newest first (time in ISO UTC, body), at most SYSTEM_LOG_EXPORT_MAX of
   * them; a last row says when older lines were left out. Streamed: written while it is sent.
   */
  async systemXlsx(deviceId: string): Promise<LogDownload> {
    const device = await this.device(deviceId);
    // Loaded on first use: exceljs costs ~15 MB of RSS in every server that never exports a log
    // (docs/performance.md, issue 22 memory).
    const { default: ExcelJS } = await import('exceljs');
    const body = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: false });
    const sheet = workbook.addWorksheet('System log');
    sheet.columns = [
      { header: 'Time (UTC)', key: 'ts', width: 26 },
      { header: 'Message', key: 'body', width: 120 },
    ];
    const write = async () => {
      let written = 0;
      let before: number | undefined;
      while (written < SYSTEM_LOG_EXPORT_MAX) {
        const rows = await this.logs.systemPage(
          deviceId,
          before,
          Math.min(CHUNK, SYSTEM_LOG_EXPORT_MAX - written),
        );
        for (const row of rows) sheet.addRow([row.ts.toISOString(), row.body]).commit();
        written += rows.length;
        if (rows.length === 0 || written >= SYSTEM_LOG_EXPORT_MAX) break;
        before = rows.at(-1)!.id;
      }
      if (written >= SYSTEM_LOG_EXPORT_MAX && (await this.logs.systemCount(deviceId)) > written)
        sheet.addRow(['', `Only the newest ${SYSTEM_LOG_EXPORT_MAX} lines are exported.`]).commit();
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: unknown) => {
      this.log.error({ err: error, deviceId }, 'writing a system log export failed');
      body.destroy(error as Error);
    });
    return { filename: `${fileSerial(device.serial)}-system-log.xlsx`, body };
  }

  /** One file per UTC day that has lines, newest first. */
  async logFiles(deviceId: string): Promise<LogFileView[]> {
    const device = await this.device(deviceId);
    return (await this.logs.logDays(deviceId)).map((day) => toLogFileView(deviceId, device.serial, day));
  }

  /** A day's lines as text, `<ISO time> <body>` a line; 404 for a name that is not one of the cart's files. */
  async logFile(deviceId: string, name: string): Promise<LogDownload> {
    const device = await this.device(deviceId);
    const date = name.slice(-14, -4);
    const valid = realDate(date) && logFileNameOf(device.serial, date) === name;
    const first = valid ? await this.logs.dayPage(deviceId, date, 0, CHUNK) : [];
    if (first.length === 0) throw notFound('Log file not found');
    const logs = this.logs;
    async function* lines(): AsyncGenerator<string> {
      let rows: SystemLogRow[] = first;
      while (rows.length > 0) {
        yield rows.map(logFileLine).join('');
        if (rows.length < CHUNK) return;
        rows = await logs.dayPage(deviceId, date, rows.at(-1)!.id, CHUNK);
      }
    }
    return { filename: name, body: Readable.from(lines()) };
  }

  /** A batch from the cart's `log` channel (device gateway sink): stored once, however often delivered. */
  async storeSystemLog(deviceId: string, batch: SystemLogMessage): Promise<void> {
    const stored = await this.logs.storeSystemLines(deviceId, batch);
    this.log.debug({ deviceId, batch: batch.id, lines: batch.lines.length, stored }, 'system log batch');
  }

  /**
   * Deletes system log lines older than SYSTEM_LOG_RETENTION_DAYS, a chunk at a time so that no statement
   * holds the table long; answers how many went and whether older lines are left for the next run.
   */
  async pruneSystemLogs(now: number, chunk = 10_000): Promise<{ deleted: number; more: boolean }> {
    const before = new Date(now - SYSTEM_LOG_RETENTION_DAYS * 24 * 60 * 60_000);
    const deleted = await this.logs.pruneSystemLines(before, chunk);
    return { deleted, more: deleted === chunk };
  }

  private async device(id: string): Promise<{ id: string; serial: string }> {
    const device = await this.logs.device(id);
    if (!device) throw notFound('Device not found');
    return device;
  }
}
