import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/** Spec §4/§9: Publish to devices is disabled for 30 s after use, across reloads. */
export const PUBLISH_COOLDOWN_MS = 30_000;

/** When codes were last published from this browser (ms since epoch); null when never. */
export function storedPublishTime(): number | null {
  const publishedAt = Number(readStorage(STORAGE_KEYS.codesPublishedAt));
  return Number.isFinite(publishedAt) && publishedAt > 0 ? publishedAt : null;
}

export function storePublishTime(now: number): void {
  writeStorage(STORAGE_KEYS.codesPublishedAt, String(now));
}

/**
 * Whole seconds of cooldown left, rounded up so the button never reads 0 while still disabled. A publish
 * time in the future (the clock was set back) does not count: it must not lock the button for longer.
 */
export function cooldownSecondsLeft(publishedAt: number | null, now: number): number {
  if (publishedAt === null || publishedAt > now) return 0;
  const left = publishedAt + PUBLISH_COOLDOWN_MS - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
