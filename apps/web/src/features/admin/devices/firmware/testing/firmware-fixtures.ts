import type { FirmwareFileView, FirmwareFolderName } from '@fairway/domain';
import { uuidOf } from '../../../components/testing/admin-fixtures';

let next = 1;

/** A complete, valid FirmwareFileView (domain `firmwareFileView`). */
export function makeFirmwareFile(
  overrides: Partial<FirmwareFileView> & { folder?: FirmwareFolderName } = {},
) {
  const n = next++;
  const file: FirmwareFileView = {
    _id: uuidOf('f', n),
    folder: 'wifi',
    name: `wifi-fw-1.${n}.0.bin`,
    version: `1.${n}.0`,
    size: 812 * 1024,
    sha256: `${String(n).padStart(4, '0')}${'ab'.repeat(30)}`,
    uploadedBy: null,
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
  return file;
}
