import { useEffect, useState } from 'react';
import { cooldownSecondsLeft, storedPublishTime, storePublishTime } from './lib/publish-cooldown';

const TICK_MS = 1_000;

/**
 * The 30 s pause after publishing codes (spec §4), read from and written to this browser's storage so a
 * reload does not lift it. The clock ticks only while the pause lasts.
 */
export function usePublishCooldown(): { secondsLeft: number; start: () => void } {
  const [publishedAt, setPublishedAt] = useState(storedPublishTime);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = cooldownSecondsLeft(publishedAt, now);
  const cooling = secondsLeft > 0;

  useEffect(() => {
    if (!cooling) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [cooling]);

  return {
    secondsLeft,
    start: () => {
      const startedAt = Date.now();
      storePublishTime(startedAt);
      setPublishedAt(startedAt);
      setNow(startedAt);
    },
  };
}
