import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activity } from '../../db/tables/activity';
import { devices } from '../../db/tables/devices';

export interface ActivityFilter {
  siteId?: string;
  deviceId?: string;
  startDate?: Date;
  endDate?: Date;
  /** matched anywhere in the message, case-insensitive, taken literally (no wildcards) */
  q?: string;
}

export interface ActivityRow {
  id: string;
  createdAt: Date;
  type: string;
  message: string;
  siteId: string | null;
  deviceId: string | null;
  carNumber: string | null;
  data: Record<string, unknown>;
}

/** `%`, `_` and the escape character itself match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The device activity log as the admins read and clear it (spec §2 Admin → Activity). */
export class ActivityRepository {
  constructor(private readonly db: Db) {}

  /** One page, newest first, and how many entries match in all. */
  async page(
    filter: ActivityFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: ActivityRow[]; total: number }> {
    const where = condition(filter);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          id: activity.id,
          createdAt: activity.createdAt,
          type: activity.type,
          message: activity.message,
          siteId: activity.siteId,
          deviceId: activity.deviceId,
          carNumber: devices.carNumber,
          data: activity.data,
        })
        .from(activity)
        .leftJoin(devices, eq(devices.id, activity.deviceId))
        .where(where)
        .orderBy(desc(activity.createdAt), desc(activity.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(activity).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** Deletes the entries of a cart, of a site, or of a cart within a site; answers how many went. */
  async clear(filter: Pick<ActivityFilter, 'siteId' | 'deviceId'>): Promise<number> {
    const result = await this.db.delete(activity).where(condition(filter));
    return result.rowCount ?? 0;
  }
}

function condition(filter: ActivityFilter): SQL | undefined {
  return and(
    filter.siteId !== undefined ? eq(activity.siteId, filter.siteId) : undefined,
    filter.deviceId !== undefined ? eq(activity.deviceId, filter.deviceId) : undefined,
    filter.startDate !== undefined ? gte(activity.createdAt, filter.startDate) : undefined,
    filter.endDate !== undefined ? lte(activity.createdAt, filter.endDate) : undefined,
    filter.q ? sql`${activity.message} ILIKE ${containing(filter.q)}` : undefined,
  );
}
