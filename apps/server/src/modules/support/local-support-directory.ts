import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportContacts } from '../../db/tables/support-contacts';
import type { SupportContact, SupportDirectory } from './support-directory';

/**
 * The built-in support directory: contacts kept in `support_contacts`, one per email, written in one
 * transaction (all of an export or none of it). It needs no account anywhere, so the demo and the tests
 * run it, and an operator can read the table or export it to whichever tool they use.
 */
export class LocalSupportDirectory implements SupportDirectory {
  readonly provider = 'local';

  constructor(private readonly db: Db) {}

  async upsert(contacts: SupportContact[]): Promise<{ created: number; updated: number }> {
    if (contacts.length === 0) return { created: 0, updated: 0 };
    const rows = await this.db.transaction((tx) =>
      tx
        .insert(supportContacts)
        .values(
          contacts.map((contact) => ({
            email: contact.email,
            data: {
              userId: contact.userId,
              role: contact.role,
              sites: contact.sites,
              lastSeen: contact.lastSeen?.toISOString() ?? null,
            },
          })),
        )
        .onConflictDoUpdate({
          target: supportContacts.email,
          set: { data: sql`excluded.data`, exportedAt: sql`now()` },
        })
        // xmax is 0 on a row this statement inserted, and set on one it updated.
        .returning({ inserted: sql<boolean>`(xmax = 0)` }),
    );
    const created = rows.filter((row) => row.inserted).length;
    return { created, updated: rows.length - created };
  }
}
