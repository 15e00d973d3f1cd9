import { checkImportRows, type MemberImportResult, type MemberImportRow } from '@fairway/domain';
import type { MembersRepository } from './members.repository';
import { defaultMemberLang, type MembersService } from './members.service';

/**
 * POST /members/import (spec §2 Import wizard, §5 Import). The server runs the same row check as the
 * review step, so a crafted request cannot import what the wizard would have refused. Imported members get
 * the site's language, no credits and no user group.
 */
export class MemberImportService {
  constructor(
    private readonly members: MembersRepository,
    private readonly membersService: MembersService,
  ) {}

  async import(siteId: string, rows: readonly MemberImportRow[]): Promise<MemberImportResult> {
    const { valid, invalid, repeated } = checkImportRows(rows);
    const lang = defaultMemberLang(await this.membersService.siteLang(siteId));
    const inserted = valid.length > 0 ? await this.members.insertNew(siteId, lang, valid) : new Set<string>();
    const existing = valid.filter((row) => !inserted.has(row.email));
    return {
      imported: inserted.size,
      duplicateMembers: [
        ...repeated.map(({ name, email }) => ({ name, email, reason: 'file' as const })),
        ...existing.map(({ name, email }) => ({ name, email, reason: 'existing' as const })),
      ],
      invalidMembers: invalid,
    };
  }
}
