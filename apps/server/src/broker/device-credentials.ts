import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tokenMatches } from '../lib/tokens';
import { devices } from '../db/tables/devices';

export interface DeviceIdentity {
  deviceId: string;
  siteId: string;
}

export type CredentialCheck =
  | { ok: true; device: DeviceIdentity }
  | { ok: false; reason: 'unknown device' | 'wrong secret'; device: DeviceIdentity | null };

interface CachedDevice {
  /** null: no such device (cached too, so a flood of made-up usernames does not reach the database). */
  device: (DeviceIdentity & { secretHash: string }) | null;
  loadedAt: number;
}

export interface DeviceCredentialsOptions {
  /** How long a loaded secret hash is trusted; a changed secret takes effect after at most this long. */
  ttlMs?: number;
  /** Unknown usernames are remembered for a shorter time, so a just-registered device is not kept out. */
  unknownTtlMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_CACHED = 50_000;
/** Lookups of one tick are answered by one query; a reconnect storm of 2,000 carts makes a handful. */
const MAX_IDS_PER_QUERY = 1_000;
/** A wrong secret re-reads the device at most this often: a rotated secret works at once, a guesser gets the cache. */
const RELOAD_ON_MISMATCH_AFTER_MS = 250;

/**
 * Checks device credentials for the embedded broker. Secrets are compared against their stored SHA-256
 * (`tokenMatches`, constant time); hashes are cached for `ttlMs` and loaded in batches, so the cost of a
 * reconnect storm is a few indexed queries plus one hash per connection.
 */
export class DeviceCredentials {
  private readonly cache = new Map<string, CachedDevice>();
  private readonly waiting = new Map<string, Array<PromiseWithResolvers<CachedDevice>>>();
  private scheduled = false;
  private readonly ttlMs: number;
  private readonly unknownTtlMs: number;

  constructor(
    private readonly db: Db,
    options: DeviceCredentialsOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.unknownTtlMs = options.unknownTtlMs ?? 2_000;
  }

  async check(deviceId: string, secret: string, now: number = Date.now()): Promise<CredentialCheck> {
    if (!UUID.test(deviceId)) return { ok: false, reason: 'unknown device', device: null };
    let entry = this.cache.get(deviceId);
    if (!entry || now - entry.loadedAt >= (entry.device ? this.ttlMs : this.unknownTtlMs)) {
      entry = await this.load(deviceId);
    }
    if (
      entry.device &&
      !tokenMatches(secret, entry.device.secretHash) &&
      now - entry.loadedAt >= RELOAD_ON_MISMATCH_AFTER_MS
    ) {
      entry = await this.load(deviceId);
    }
    const { device } = entry;
    if (!device) return { ok: false, reason: 'unknown device', device: null };
    const identity = { deviceId: device.deviceId, siteId: device.siteId };
    return tokenMatches(secret, device.secretHash)
      ? { ok: true, device: identity }
      : { ok: false, reason: 'wrong secret', device: identity };
  }

  /** Drops a device from the cache (after its secret changed or it was removed). */
  forget(deviceId: string): void {
    this.cache.delete(deviceId);
  }

  private load(deviceId: string): Promise<CachedDevice> {
    const waiter = Promise.withResolvers<CachedDevice>();
    this.waiting.set(deviceId, [...(this.waiting.get(deviceId) ?? []), waiter]);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.loadBatch());
    }
    return waiter.promise;
  }

  private async loadBatch(): Promise<void> {
    this.scheduled = false;
    const waiting = new Map(this.waiting);
    this.waiting.clear();
    const ids = [...waiting.keys()];
    try {
      const rows = [];
      for (let i = 0; i < ids.length; i += MAX_IDS_PER_QUERY) {
        rows.push(
          ...(await this.db
            .select({ deviceId: devices.id, siteId: devices.siteId, secretHash: devices.secretHash })
            .from(devices)
            .where(inArray(devices.id, ids.slice(i, i + MAX_IDS_PER_QUERY)))),
        );
      }
      const found = new Map(rows.map((row) => [row.deviceId, row]));
      const loadedAt = Date.now();
      if (this.cache.size + ids.length > MAX_CACHED) this.cache.clear();
      for (const id of ids) {
        const entry: CachedDevice = { device: found.get(id) ?? null, loadedAt };
        this.cache.set(id, entry);
        for (const waiter of waiting.get(id) ?? []) waiter.resolve(entry);
      }
    } catch (error) {
      for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}
