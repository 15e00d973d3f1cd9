import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SupportContact } from './support-directory';

/** Every user as a support contact, with the names of the sites they hold. */
export class SupportExportRepository {
  constructor(private readonly db: Db) {}

  async contacts(): Promise<SupportContact[]> {
    const { rows } = await this.db.execute<{
      id: string;
      email: string;
      role: string;
      last_seen: string | null;
      sites: string[];
    }>(sql`
      SELECT u.id, u.email, u.role, u.last_seen,
             array(SELECT s.name FROM sites s WHERE s.id = ANY(u.sites) ORDER BY s.name) AS sites
      FROM users u
      ORDER BY u.email`);
    return rows.map((row) => ({
      email: row.email,
      userId: row.id,
      role: row.role,
      sites: row.sites,
      lastSeen: row.last_seen === null ? null : new Date(row.last_seen),
    }));
  }
}
