import { useEffect, useState } from 'react';

/** Spec §9: the guest booking form expires after 3 minutes without a touch or a key. */
export const BOOKING_IDLE_MS = 180_000;
const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * True once `timeoutMs` passed without the guest touching the screen or typing, while `enabled`; every
 * touch or key starts the wait again. The form restarts by mounting afresh (a new wait).
 */
export function useIdleExpiry(timeoutMs: number, enabled: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let timer = setTimeout(() => setExpired(true), timeoutMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setExpired(true), timeoutMs);
    };
    for (const name of ACTIVITY) window.addEventListener(name, restart, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, restart, { capture: true });
    };
  }, [timeoutMs, enabled]);
  return expired;
}
