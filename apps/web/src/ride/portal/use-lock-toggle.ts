import type { GuestLockStatus, GuestMasterCart, GuestMasterCarts } from '@fairway/domain';
import { useEffect, useRef, useState } from 'react';
import { isGuestApiError } from '../api/http';
import { portalApi } from './portal-api';

/** Spec §4 Lock toggle / §9: the cart's state is read again up to 10 times, 1 s apart. */
export const LOCK_POLL_TRIES = 10;
export const LOCK_POLL_INTERVAL_MS = 1_000;

export type LockOutcome =
  | { kind: 'working'; cartId: string; target: GuestLockStatus }
  | { kind: 'done'; cart: GuestMasterCart; target: GuestLockStatus }
  | { kind: 'timeout'; target: GuestLockStatus }
  | { kind: 'refused'; error: unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reaches = (cart: GuestMasterCart | undefined, target: GuestLockStatus) =>
  !!cart && cart.locked === (target === 'locked');

/**
 * A master key's lock or unlock (spec §4 Lock toggle): send the wanted state, then read the carts until the
 * cart reports it; `onCarts` gets every fresh list. 'Already locked/unlocked' shows its text and reads the
 * carts again (spec §8: the device is then reloaded).
 */
export function useLockToggle(siteId: string, code: string, onCarts: (answer: GuestMasterCarts) => void) {
  const [outcome, setOutcome] = useState<LockOutcome | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function toggle(cart: GuestMasterCart) {
    const target: GuestLockStatus = cart.locked ? 'unlocked' : 'locked';
    setOutcome({ kind: 'working', cartId: cart._id, target });
    try {
      await portalApi.toggleLock(cart._id, target, code);
    } catch (error) {
      if (!alive.current) return;
      setOutcome({ kind: 'refused', error });
      if (isGuestApiError(error) && (error.code === 'alreadyLocked' || error.code === 'alreadyUnlocked'))
        await refresh();
      return;
    }
    for (let attempt = 0; attempt < LOCK_POLL_TRIES; attempt++) {
      await sleep(LOCK_POLL_INTERVAL_MS);
      if (!alive.current) return;
      const answer = await refresh();
      const now = answer?.carts.find((entry) => entry._id === cart._id);
      if (reaches(now, target)) {
        setOutcome({ kind: 'done', cart: now!, target });
        return;
      }
    }
    if (alive.current) setOutcome({ kind: 'timeout', target });
  }

  /** The carts as they are now; a failed read is one try that did not see the state (the next may). */
  async function refresh(): Promise<GuestMasterCarts | null> {
    try {
      const answer = await portalApi.masterCarts(siteId, code);
      if (alive.current) onCarts(answer);
      return answer;
    } catch {
      return null;
    }
  }

  return { outcome, toggle, busy: outcome?.kind === 'working', clear: () => setOutcome(null) };
}
