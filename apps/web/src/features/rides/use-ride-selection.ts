import { id } from '@fairway/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The search parameter the selected ride lives in, so a reload or a shared link opens the same ride. */
export const RIDE_PARAM = 'ride';

/**
 * The ride open in the detail pane (`?ride=<id>`), keeping the period and any other parameter. Selecting
 * adds a history entry, so Back on a phone returns from a ride to the list; clearing also goes through the
 * history. An address with something that is not a ride id selects nothing.
 */
export function useRideSelection() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(RIDE_PARAM);
  const selectedId = raw && id.safeParse(raw).success ? raw : null;

  const select = useCallback(
    (rideId: string | null, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (rideId) next.set(RIDE_PARAM, rideId);
          else next.delete(RIDE_PARAM);
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  const clear = useCallback(() => select(null), [select]);

  return {
    selectedId,
    select,
    /** Spec §2: clicking the selected card deselects it. */
    toggle: (rideId: string) => select(selectedId === rideId ? null : rideId),
    clear,
  };
}

export type RideSelection = ReturnType<typeof useRideSelection>;
