import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_MESSAGES,
  firmwareVersionOfFileName,
  type FirmwareFileView,
  type FirmwareFolderName,
} from '@fairway/domain';
import type { Logger } from 'pino';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { toFirmwareFileView } from './firmware.presenter';
import type { FirmwareRepository } from './firmware.repository';

export interface FirmwareUpload {
  folder: FirmwareFolderName;
  version?: string | undefined;
  sha256?: string | undefined;
  /** the uploaded part, or null when the request carried none; `bytes` may stop one byte past the limit */
  file: { filename: string; bytes: Buffer } | null;
  uploadedBy: string | null;
}

/**
 * The firmware manager's images (spec §2, §7 Storage): stored in the private file store under a key of
 * their own (`firmware/<folder>/<uuid>.bin`), described by `firmware_files` with the SHA-256 the server
 * computed, which every OTA order carries and every cart checks.
 */
export class FirmwareFilesService {
  constructor(
    private readonly repository: FirmwareRepository,
    private readonly files: FileStore,
    private readonly log: Logger,
  ) {}

  async list(folder: FirmwareFolderName | undefined): Promise<FirmwareFileView[]> {
    return (await this.repository.listFiles(folder)).map(toFirmwareFileView);
  }

  async upload(upload: FirmwareUpload): Promise<FirmwareFileView> {
    const { file } = upload;
    if (!file || file.bytes.length === 0) throw badRequest(FIRMWARE_MESSAGES.noFile);
    if (file.bytes.length > FIRMWARE_MAX_BYTES) throw badRequest(FIRMWARE_MESSAGES.tooLarge);
    // The name as the browser sent it, without any folder part a client may have added.
    const name = path.posix.basename(file.filename.replaceAll('\\', '/')).trim();
    if (!/\.bin$/i.test(name) || name.length > 200) throw badRequest(FIRMWARE_MESSAGES.notBin);
    const version = upload.version ?? firmwareVersionOfFileName(name);
    if (!version) throw badRequest(FIRMWARE_MESSAGES.noVersion);
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    if (upload.sha256 && upload.sha256 !== sha256) throw badRequest(FIRMWARE_MESSAGES.checksum);

    // The bytes first, then the row: a row never names bytes that are not there.
    const storeKey = `firmware/${upload.folder}/${randomUUID()}.bin`;
    await this.files.put(storeKey, file.bytes, 'application/octet-stream');
    const row = await this.repository
      .insertFile({
        folder: upload.folder,
        name,
        version,
        size: file.bytes.length,
        sha256,
        storeKey,
        uploadedBy: upload.uploadedBy,
      })
      .catch(async (error: unknown) => {
        await this.deleteQuietly(storeKey);
        throw error;
      });
    if (!row) {
      await this.deleteQuietly(storeKey);
      throw conflict(FIRMWARE_MESSAGES.duplicate, 'duplicateName');
    }
    return toFirmwareFileView(row);
  }

  /** Deletes the image; its past OTA orders stay in the carts' history (file_id set null). */
  async delete(id: string): Promise<void> {
    const row = await this.repository.deleteFile(id);
    if (!row) throw notFound('Firmware file not found');
    await this.deleteQuietly(row.storeKey);
  }

  /** Best effort: bytes left behind only cost storage; the row, which names them, is gone or never was. */
  private async deleteQuietly(key: string): Promise<void> {
    await this.files.delete(key).catch((error: unknown) => {
      this.log.warn({ err: error, key }, 'deleting a firmware image from the file store failed');
    });
  }
}
