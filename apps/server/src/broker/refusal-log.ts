import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { activity } from '../db/tables/activity';

export type RefusedAction = 'connect' | 'publish' | 'subscribe';

export interface Refusal {
  action: RefusedAction;
  /** Why, in words an operator understands ('wrong secret', 'topic of another device' …). */
  reason: string;
  username: string | null;
  clientId: string;
  remoteAddress: string | null;
  topic?: string;
  /** Set when the username names a registered device, so the entry shows in that cart's activity. */
  device?: { deviceId: string; siteId: string } | null;
}

export interface RefusalLogOptions {
  /** The same refusal (action, username, address, reason) is recorded at most once per interval. */
  perKeyIntervalMs?: number;
  /** At most this many entries per minute in total, whatever the keys: a flood cannot fill the table. */
  maxPerMinute?: number;
}

const ACTIVITY_TYPE = 'auth_refused';
const MESSAGES: Record<RefusedAction, string> = {
  connect: 'MQTT connection refused',
  publish: 'MQTT publish refused',
  subscribe: 'MQTT subscription refused',
};

/**
 * Records broker refusals as a pino warning and an `auth_refused` activity row, rate-limited twice over:
 * per refusal key (a cart retrying with a stale secret every second makes one entry a minute) and in total
 * (a credential-stuffing flood with random usernames makes at most `maxPerMinute`). What was suppressed is
 * counted and reported with the next entry, so nothing disappears silently.
 */
export class RefusalLog {
  private readonly lastByKey = new Map<string, number>();
  private readonly perKeyIntervalMs: number;
  private readonly maxPerMinute: number;
  private windowStart = 0;
  private windowCount = 0;
  private suppressed = 0;
  /** inserts under way: a refusal is recorded without holding up the broker's answer */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    options: RefusalLogOptions = {},
  ) {
    this.perKeyIntervalMs = options.perKeyIntervalMs ?? 60_000;
    this.maxPerMinute = options.maxPerMinute ?? 60;
  }

  record(refusal: Refusal, now: number = Date.now()): void {
    if (!this.admit(refusal, now)) {
      this.suppressed += 1;
      return;
    }
    const suppressed = this.suppressed;
    this.suppressed = 0;
    const { action, reason, username, clientId, remoteAddress, topic, device } = refusal;
    const data = {
      action,
      reason,
      username,
      clientId,
      remoteAddress,
      ...(topic ? { topic } : {}),
      suppressed,
    };
    this.log.warn({ mqtt: data }, `${MESSAGES[action]}: ${reason}`);
    const write = this.db
      .insert(activity)
      .values({
        type: ACTIVITY_TYPE,
        message: `${MESSAGES[action]}: ${reason}`,
        deviceId: device?.deviceId ?? null,
        siteId: device?.siteId ?? null,
        data,
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'could not record an MQTT refusal'))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Settles once every refusal recorded so far is stored (or failed and was logged). */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  private admit(refusal: Refusal, now: number): boolean {
    const key = `${refusal.action}|${refusal.username}|${refusal.remoteAddress}|${refusal.reason}`;
    const last = this.lastByKey.get(key);
    if (last !== undefined && now - last < this.perKeyIntervalMs) return false;
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (this.windowCount >= this.maxPerMinute) return false;
    this.windowCount += 1;
    if (this.lastByKey.size >= 10_000) this.pruneKeys(now);
    this.lastByKey.set(key, now);
    return true;
  }

  /** Forgets keys whose interval has passed; random usernames must not grow the map without bound. */
  private pruneKeys(now: number): void {
    for (const [key, at] of this.lastByKey) {
      if (now - at >= this.perKeyIntervalMs) this.lastByKey.delete(key);
    }
    if (this.lastByKey.size >= 10_000) this.lastByKey.clear();
  }
}
