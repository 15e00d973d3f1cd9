import type { FirmwareFileView, FirmwareUpdateView } from '@fairway/domain';
import type { FirmwareFileRow, FirmwareUpdateRow } from './firmware.repository';

export const toFirmwareFileView = (row: FirmwareFileRow): FirmwareFileView => ({
  _id: row.id,
  folder: row.folder,
  name: row.name,
  version: row.version,
  size: row.size,
  sha256: row.sha256,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.toISOString(),
});

export const toFirmwareUpdateView = (row: FirmwareUpdateRow): FirmwareUpdateView => ({
  _id: row.id,
  deviceId: row.deviceId,
  fileId: row.fileId,
  commandId: row.commandId,
  fromVersion: row.fromVersion,
  version: row.version,
  status: row.status,
  error: row.error,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
