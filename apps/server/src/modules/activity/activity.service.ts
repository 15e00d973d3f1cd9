import type { z } from 'zod';
import type { ActivityEntryView, ActivityPage, activityQuery, clearActivityQuery } from '@fairway/domain';
import { paginationOf } from '../devices/battery.service';
import type { ActivityRepository, ActivityRow } from './activity.repository';

type ActivityQuery = z.output<typeof activityQuery>;
type ClearActivityQuery = z.output<typeof clearActivityQuery>;

/** The activity viewer (spec §2 Admin → Activity, superadmins): the log paged on the server, and clearing it. */
export class ActivityService {
  constructor(private readonly activity: ActivityRepository) {}

  async page(query: ActivityQuery): Promise<ActivityPage> {
    const { rows, total } = await this.activity.page(
      {
        siteId: query.siteId,
        deviceId: query.deviceId,
        startDate: query.startDate !== undefined ? new Date(query.startDate) : undefined,
        endDate: query.endDate !== undefined ? new Date(query.endDate) : undefined,
        q: query.q,
      },
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { data: rows.map(toEntryView), pagination: paginationOf(query.page, query.limit, total) };
  }

  async clear(query: ClearActivityQuery): Promise<{ deleted: number }> {
    return { deleted: await this.activity.clear({ siteId: query.siteId, deviceId: query.deviceId }) };
  }
}

function toEntryView(row: ActivityRow): ActivityEntryView {
  return {
    _id: row.id,
    date: row.createdAt.toISOString(),
    type: row.type,
    message: row.message,
    site: row.siteId,
    device: row.deviceId !== null ? { _id: row.deviceId, carNumber: row.carNumber ?? '' } : null,
    data: row.data,
  };
}
