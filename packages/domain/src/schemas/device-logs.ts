import { z } from 'zod';
import { logRequestResult, wifiScanResult } from '../protocol/messages';
import { commandView } from './commands';
import { id } from './common';

/**
 * The side panel's WiFi Scan, Logs, System Logs and Log Files (spec §2 Device side panel, §3 Device log,
 * §7 Admin /devices): what carts answered to command 5 and 6, and the lines of their own system log.
 */

export const DEVICE_LOG_TYPES = ['wifi', 'log'] as const;
export const deviceLogType = z.enum(DEVICE_LOG_TYPES);
export type DeviceLogType = z.infer<typeof deviceLogType>;

const logViewBase = { _id: id, deviceId: id, commandId: id.nullable(), createdAt: z.iso.datetime() };

/** One stored answer: a WiFi scan (type 'wifi') or a log request's grouped snapshot (type 'log'). */
export const deviceLogView = z.discriminatedUnion('type', [
  z.object({ ...logViewBase, type: z.literal('wifi'), data: wifiScanResult }),
  z.object({ ...logViewBase, type: z.literal('log'), data: logRequestResult }),
]);
export type DeviceLogView = z.infer<typeof deviceLogView>;

export const DEVICE_LOGS_LIMIT = 5;
export const deviceLogsQuery = z.object({
  type: deviceLogType.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(DEVICE_LOGS_LIMIT),
});
export type DeviceLogsQuery = z.input<typeof deviceLogsQuery>;

/**
 * The answer of a WiFi scan or a log request: the command as it ended, and the stored answer, null when the
 * cart refused, did not answer in time, or answered something unreadable (the command's state and error say which).
 */
export const deviceLogRequestAnswer = z.object({ command: commandView, log: deviceLogView.nullable() });
export type DeviceLogRequestAnswer = z.infer<typeof deviceLogRequestAnswer>;

export const SYSTEM_LOG_PAGE = 200;
export const SYSTEM_LOG_PAGE_MAX = 1000;
/** Keyset paging, newest first: `before` is the smallest line id of the previous page. */
export const systemLogQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(SYSTEM_LOG_PAGE_MAX).default(SYSTEM_LOG_PAGE),
});
export type SystemLogQuery = z.input<typeof systemLogQuery>;

export const systemLogLine = z.object({
  id: z.number().int(),
  /** the cart's time of the line */
  ts: z.iso.datetime(),
  body: z.string(),
});
export type SystemLogLine = z.infer<typeof systemLogLine>;

export const systemLogPage = z.object({
  lines: z.array(systemLogLine),
  /** every stored line of the cart (the side panel's count) */
  total: z.number().int().nonnegative(),
  /** `before` for the next (older) page; null at the oldest line */
  nextBefore: z.number().int().nullable(),
});
export type SystemLogPage = z.infer<typeof systemLogPage>;

/** A day's log file: `<serial>-YYYY-MM-DD.log`, the serial's ':' written as '_' (file names everywhere). */
export const logFileName = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9._-]{1,64}-\d{4}-\d{2}-\d{2}\.log$/, { message: 'Unknown log file' });

export const logFileView = z.object({
  /** the file's name, which identifies it (spec §3 Log file: _id, name, downloadUrl) */
  _id: z.string(),
  name: z.string(),
  date: z.iso.date(),
  lines: z.number().int().nonnegative(),
  /** bytes of the text file, estimated from the lines' lengths */
  size: z.number().int().nonnegative(),
  downloadUrl: z.string(),
});
export type LogFileView = z.infer<typeof logFileView>;
export const logFilesAnswer = z.array(logFileView);
