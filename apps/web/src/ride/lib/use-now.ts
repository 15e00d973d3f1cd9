import { useEffect, useState } from 'react';

/** The phone's clock, refreshed every `intervalMs` while `enabled` (spec §9: the elapsed time ticks each second). */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, intervalMs);
    // A fresh reading at once when the clock (re)starts, not one interval late.
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [intervalMs, enabled]);
  return now;
}
