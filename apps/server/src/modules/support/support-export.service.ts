import type { SupportExportAnswer } from '@fairway/domain';
import { HttpError } from '../../lib/errors';
import { SupportDirectoryError, type SupportDirectory } from './support-directory';
import type { SupportExportRepository } from './support-export.repository';

/**
 * The users' "Sync" button (spec §2 Admin → Users; Crisp in the spec): every user goes to the configured
 * support directory as a contact. A directory that refuses answers 502 with its reason.
 */
export class SupportExportService {
  constructor(
    private readonly users: SupportExportRepository,
    private readonly directory: SupportDirectory,
  ) {}

  async export(): Promise<SupportExportAnswer> {
    const contacts = await this.users.contacts();
    try {
      const { created, updated } = await this.directory.upsert(contacts);
      return { provider: this.directory.provider, exported: created + updated, created, updated };
    } catch (error) {
      if (error instanceof SupportDirectoryError) throw new HttpError(502, error.message);
      throw error;
    }
  }
}
