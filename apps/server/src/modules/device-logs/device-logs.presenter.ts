import type { DeviceLogView, LogFileView, SystemLogLine } from '@fairway/domain';
import type { DeviceLogRow, LogDay, SystemLogRow } from './device-logs.repository';

/** Stored answers parsed with the protocol's schema before they were stored (commands/command-answers.ts). */
export const toDeviceLogView = (row: DeviceLogRow): DeviceLogView =>
  ({
    _id: row.id,
    deviceId: row.deviceId,
    commandId: row.commandId,
    type: row.type,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  }) as DeviceLogView;

export const toSystemLogLine = (row: SystemLogRow): SystemLogLine => ({
  id: row.id,
  ts: row.ts.toISOString(),
  body: row.body,
});

/** A serial as part of a file name: the one character serials may hold that file names should not, ':'. */
export const fileSerial = (serial: string): string => serial.replace(/[^A-Za-z0-9._-]/g, '_');
export const logFileNameOf = (serial: string, date: string): string => `${fileSerial(serial)}-${date}.log`;

export const toLogFileView = (deviceId: string, serial: string, day: LogDay): LogFileView => {
  const name = logFileNameOf(serial, day.date);
  return {
    _id: name,
    name,
    date: day.date,
    lines: day.lines,
    size: day.bytes,
    downloadUrl: `/api/admin/devices/${deviceId}/log-files/${name}`,
  };
};

/** A line of a log file: its time in ISO (UTC) and its body. */
export const logFileLine = (row: SystemLogRow): string => `${row.ts.toISOString()} ${row.body}\n`;
