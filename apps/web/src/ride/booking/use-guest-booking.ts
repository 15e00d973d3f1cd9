import type { GuestBookingView } from '@fairway/domain';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isAbort } from '../api/http';
import { bookingCodeOf, forgetBookingCode, rememberBookingCode } from '../lib/guest-codes';
import { bookingApi } from './booking-api';
import { isBookingNotFound } from './booking-errors';

export interface GuestBooking {
  /** the booking's code this tab holds (null: the page asks for it) */
  code: string | null;
  view: GuestBookingView | null;
  /** the server's clock minus the phone's when the view was answered (the window opens on the server's time) */
  offsetMs: number;
  /** the last failed load (the view stays shown from before) */
  error: unknown;
  /** the held code stopped matching (a wrong remembered code, or the booking is gone): ask again */
  lost: boolean;
  /** a code the guest typed, with the view it answered */
  accept: (code: string, view: GuestBookingView) => void;
  /** takes a view from an action's answer */
  apply: (view: GuestBookingView) => void;
  /** loads the view again, keeping the one shown meanwhile */
  refresh: () => void;
}

interface State {
  code: string | null;
  view: GuestBookingView | null;
  offsetMs: number;
  error: unknown;
  lost: boolean;
}

/**
 * One booking as its guest sees it (spec §2 Booking page): with the code this tab holds (typed on the
 * portal's booking card or here), loaded and then refreshed on demand without blanking the page. A code the
 * server no longer takes is forgotten, so the page asks for it again.
 */
export function useGuestBooking(bookingId: string): GuestBooking {
  const [state, setState] = useState<State>(() => ({
    code: bookingCodeOf(bookingId),
    view: null,
    offsetMs: 0,
    error: null,
    lost: false,
  }));
  const [attempt, setAttempt] = useState(0);

  const apply = useCallback((view: GuestBookingView) => {
    const offsetMs = Date.parse(view.serverTime) - Date.now();
    setState((current) =>
      // A slow answer must not undo a newer one (an action's, or a refresh's).
      current.view && Date.parse(current.view.serverTime) > Date.parse(view.serverTime)
        ? current
        : { ...current, view, offsetMs, error: null, lost: false },
    );
  }, []);

  const accept = useCallback(
    (code: string, view: GuestBookingView) => {
      rememberBookingCode(bookingId, code);
      setState((current) => ({ ...current, code }));
      apply(view);
    },
    [bookingId, apply],
  );

  const load = useEffectEvent(async (signal: AbortSignal) => {
    const code = state.code;
    if (code === null) return;
    try {
      apply(await bookingApi.view(bookingId, code, signal));
    } catch (error) {
      if (signal.aborted || isAbort(error)) return;
      if (isBookingNotFound(error)) {
        forgetBookingCode(bookingId);
        setState({ code: null, view: null, offsetMs: 0, error: null, lost: true });
      } else setState((current) => ({ ...current, error }));
    }
  });

  // The first load with a held code, and every refresh; a code typed here arrives with its view.
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [bookingId, attempt]);

  const refresh = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, accept, apply, refresh };
}
