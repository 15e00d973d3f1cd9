import type { Db } from '../../db/client';
import { activity } from '../../db/tables/activity';

export interface ZoneActivity {
  deviceId: string;
  siteId: string;
  type: 'zone_enter' | 'zone_exit';
  message: string;
  data: { zoneId: string; zoneType: string };
}

/** Writes zone crossings into the device activity log the admins read (spec: Activity Viewer). */
export class ZoneActivityRepository {
  constructor(private readonly db: Db) {}

  async record(entry: ZoneActivity): Promise<void> {
    await this.db.insert(activity).values(entry);
  }
}
