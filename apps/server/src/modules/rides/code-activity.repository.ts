import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activity } from '../../db/tables/activity';

export interface CodeActivity {
  deviceId: string;
  siteId: string;
  type: 'keypad_unlock' | 'rfid_unlock' | 'code_refused';
  message: string;
  /** the cart event it comes from, so a redelivered event is logged once */
  eventId: string;
  data: Record<string, unknown>;
}

/** Writes what operators should know about codes used at carts into the device activity log. */
export class CodeActivityRepository {
  constructor(private readonly db: Db) {}

  /** Logs the entry unless one for the same cart event is already there (QoS 1 may deliver it twice). */
  async recordOnce(entry: CodeActivity): Promise<void> {
    const { eventId, data, ...row } = entry;
    const [logged] = await this.db
      .select({ id: activity.id })
      .from(activity)
      .where(
        and(
          eq(activity.deviceId, entry.deviceId),
          eq(activity.type, entry.type),
          sql`${activity.data}->>'eventId' = ${eventId}`,
        ),
      )
      .limit(1);
    if (logged) return;
    await this.db.insert(activity).values({ ...row, data: { ...data, eventId } });
  }
}
