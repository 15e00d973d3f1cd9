import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sites } from '../../db/tables/sites';

/** The two pictures a site shows on its guest pages (spec §2 Public profile). */
export const SITE_IMAGE_KINDS = ['logo', 'cover'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];

export class SiteImagesRepository {
  constructor(private readonly db: Db) {}

  /** The site's `kind` address, or null when the site does not exist. */
  async current(siteId: string, kind: SiteImageKind): Promise<{ url: string | null } | null> {
    const [row] = await this.db.select({ url: sites[kind] }).from(sites).where(eq(sites.id, siteId));
    return row ?? null;
  }

  /**
   * Points the site's `kind` at `url` and answers the address it held before, or null when the site does
   * not exist. The row is locked while read and written, so of two concurrent uploads each learns the
   * address the other replaced, and no file is left behind unreferenced and undeleted.
   */
  async replace(
    siteId: string,
    kind: SiteImageKind,
    url: string,
  ): Promise<{ previous: string | null } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ current: sites[kind] })
        .from(sites)
        .where(eq(sites.id, siteId))
        .for('update');
      if (!row) return null;
      await tx
        .update(sites)
        .set({ [kind]: url, updatedAt: sql`now()` })
        .where(eq(sites.id, siteId));
      return { previous: row.current };
    });
  }
}
