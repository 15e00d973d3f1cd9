import { simResetProgress, type SimResetProgress } from '@fairway/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, refreshAccessToken } from '../../../../lib/api-client';
import { createSocket, isUnauthorizedSocketError, type FairwaySocket } from '../../../../lib/socket';
import { getSimReset, startSimReset } from './api/device-sim';

/** Without a socket event for this long while a reset runs, the progress is asked for over HTTP. */
export const SIM_RESET_POLL_MS = 3_000;

export interface SimResetState {
  progress: SimResetProgress | null;
  starting: boolean;
  /** Starts a reset; rejects when the server refuses (409 running or not registered, 503 provider away). */
  start: () => Promise<SimResetProgress>;
}

/**
 * A tracker's SIM reset (spec §4: four steps, each followed by 2 s): POST starts it (202), then the progress
 * comes as `sim:reset` events to the tracker's site room, which this hook joins on a socket of its own while a
 * reset runs (the device manager watches carts of every site, not the one selected site). Should the socket
 * stay silent (not connected, a missed event), GET …/sim/reset is asked instead. A reset already under way when
 * the dialog opens is picked up and followed too.
 */
export function useSimReset(deviceId: string, siteId: string): SimResetState {
  const [progress, setProgress] = useState<SimResetProgress | null>(null);
  const [starting, setStarting] = useState(false);
  const lastNewsAt = useRef(0);
  const running = progress?.state === 'running';

  /** Progress only moves forward: a late poll answer never takes a step back from a socket event. */
  const apply = useCallback(
    (next: SimResetProgress) => {
      if (next.deviceId !== deviceId) return;
      lastNewsAt.current = Date.now();
      setProgress((current) => {
        if (!current || current.startedAt !== next.startedAt) return next;
        if (current.state !== 'running') return current;
        return next.step >= current.step || next.state !== 'running' ? next : current;
      });
    },
    [deviceId],
  );

  // A reset already running when the dialog opened (another admin, or this one before a reload).
  useEffect(() => {
    const controller = new AbortController();
    getSimReset(deviceId, controller.signal).then(
      (found) => {
        if (found.state === 'running') apply(found);
      },
      () => undefined, // 404: none since the server started; anything else: nothing to follow
    );
    return () => controller.abort();
  }, [deviceId, apply]);

  // The live steps, while a reset runs: this tracker's site room on a socket of the dialog's own.
  useEffect(() => {
    if (!running) return;
    const socket: FairwaySocket = createSocket();
    let refreshed = false;
    const onConnect = () => socket.emit('join:site', siteId, () => undefined);
    const onProgress = (payload: SimResetProgress) => {
      const parsed = simResetProgress.safeParse(payload);
      if (parsed.success) apply(parsed.data);
    };
    const onConnectError = (error: Error) => {
      // A refused handshake (an expired token) is retried once with a renewed one; the poll covers the rest.
      if (refreshed || !isUnauthorizedSocketError(error)) return;
      refreshed = true;
      refreshAccessToken().then(
        () => socket.connect(),
        () => undefined,
      );
    };
    socket.on('connect', onConnect);
    socket.on('connect_error', onConnectError);
    socket.on('sim:reset', onProgress);
    socket.connect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      socket.off('sim:reset', onProgress);
      socket.disconnect();
    };
  }, [running, siteId, apply]);

  // The fallback: ask over HTTP whenever the socket has been silent for a while.
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (Date.now() - lastNewsAt.current < SIM_RESET_POLL_MS) return;
      getSimReset(deviceId, controller.signal).then(apply, (error: unknown) => {
        if (!(error instanceof ApiError)) return; // cancelled as the dialog closed
        console.warn('Could not read the SIM reset progress', error);
      });
    }, SIM_RESET_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [running, deviceId, apply]);

  const start = useCallback(async () => {
    setStarting(true);
    try {
      const first = await startSimReset(deviceId);
      lastNewsAt.current = Date.now();
      setProgress(first);
      return first;
    } finally {
      setStarting(false);
    }
  }, [deviceId]);

  return { progress, starting, start };
}
