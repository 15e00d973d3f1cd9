import { cartView, type CartView } from '@fairway/domain';
import type { Socket } from 'socket.io-client';
import { isUnauthorizedSocketError, type FairwaySocket } from '../../lib/socket';
import type { RealtimeStore } from './realtime-store';
import { RELAYED_EVENTS, relaySocketEvent } from './socket-events';

export interface SiteSocketOptions {
  /** Renews the access token after the gateway refused the handshake. */
  refreshToken: () => Promise<unknown>;
  /** True when a failed refresh means the session is over (then `onSessionLost` runs). */
  isSessionLost: (error: unknown) => boolean;
  onSessionLost: () => void;
  /** Pause before retrying after a refused handshake that a refresh did not cure. */
  authRetryDelayMs?: number;
  /**
   * Where the browser announces `offline`/`online` (the window). Losing the network shows the warning at
   * once; Socket.IO itself notices a silent connection loss only after its heartbeat times out.
   */
  connectivity?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

export interface SiteSocketBinding {
  /** Leaves the previous site's room and joins the new one (or only remembers it while offline). */
  setSite(siteId: string | null): void;
  dispose(): void;
}

function validCarts(devices: readonly unknown[]): CartView[] {
  const carts: CartView[] = [];
  for (const device of devices) {
    const parsed = cartView.safeParse(device);
    if (parsed.success) carts.push(parsed.data);
    else console.warn('Ignoring a cart the server sent in an unexpected shape', parsed.error.issues);
  }
  return carts;
}

/**
 * Wires one socket to the realtime store: on every connect it joins the selected site and asks for its
 * carts; it applies `site:devices` and `device:updates`; it tracks the connection state for the
 * "Disconnected" warning; and it renews the token when the gateway refuses the handshake.
 */
export function bindSiteSocket(
  socket: FairwaySocket,
  store: RealtimeStore,
  options: SiteSocketOptions,
): SiteSocketBinding {
  let siteId: string | null = null;
  let consecutiveAuthFailures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const enterSite = (id: string) => {
    socket.emit('join:site', id, (result) => {
      if (!result.ok) console.warn(`Could not join site ${id}: ${result.message}`);
    });
    socket.emit('get:site:devices', id, (result) => {
      if (result.ok) store.replaceDevices(id, validCarts(result.data));
      else console.warn(`Could not load the carts of site ${id}: ${result.message}`);
    });
  };

  const onConnect = () => {
    consecutiveAuthFailures = 0;
    store.setConnection('connected');
    if (siteId) enterSite(siteId);
  };

  const onDisconnect = (reason: Socket.DisconnectReason) => {
    if (disposed) return;
    // A disconnect by the server is not retried by Socket.IO itself; the operator still expects live data.
    // The server drops a socket when its access token expires: reconnecting (with a refreshed token if
    // need be) is routine, so it shows as connecting, and as disconnected only if the handshake fails.
    if (reason === 'io server disconnect') {
      store.setConnection('connecting');
      socket.connect();
      return;
    }
    store.setConnection('disconnected');
  };

  const onConnectError = (error: Error) => {
    store.setConnection('disconnected');
    // Transport errors are retried by Socket.IO; a refused handshake is not, so renew the token and retry.
    if (!isUnauthorizedSocketError(error)) return;
    consecutiveAuthFailures += 1;
    const delay = consecutiveAuthFailures > 1 ? (options.authRetryDelayMs ?? 5_000) : 0;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      options.refreshToken().then(
        () => {
          if (!disposed) socket.connect();
        },
        (refreshError: unknown) => {
          if (disposed) return;
          if (options.isSessionLost(refreshError)) options.onSessionLost();
          else socket.connect(); // no answer from the refresh: try again, the next refusal comes back here
        },
      );
    }, delay);
  };

  const onSiteDevices = (payload: { siteId: string; devices: CartView[] }) => {
    store.replaceDevices(payload.siteId, validCarts(payload.devices));
  };

  // Carts of another site (a batch that crossed a site switch) are left out by the store.
  const onDeviceUpdates = (payload: { siteId: string; devices: CartView[] }) => {
    if (Array.isArray(payload?.devices)) store.applyDeviceUpdates(validCarts(payload.devices));
    else console.warn('Ignoring a cart batch in an unexpected shape');
  };

  // A booking made, moved or cancelled changes its carts' bookings of the day (Reserved group, booked
  // markers, the fleet's booking view): the server's list says which carts, so it is asked again.
  const onBookingUpdate = (booking: { site?: string }) => {
    if (siteId && socket.connected && (booking.site === undefined || booking.site === siteId))
      enterSiteDevices(siteId);
  };
  const enterSiteDevices = (id: string) =>
    socket.emit('get:site:devices', id, (result) => {
      if (result.ok) store.replaceDevices(id, validCarts(result.data));
    });

  const onOffline = () => store.setConnection('disconnected');
  // Back online before the heartbeat noticed anything: the connection survived.
  const onOnline = () => {
    if (socket.connected) store.setConnection('connected');
  };
  const connectivity = options.connectivity ?? (typeof window === 'undefined' ? undefined : window);
  connectivity?.addEventListener('offline', onOffline);
  connectivity?.addEventListener('online', onOnline);

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  socket.on('site:devices', onSiteDevices);
  socket.on('device:updates', onDeviceUpdates);
  socket.on('booking:update', onBookingUpdate);
  // The relayed payloads are typed by the shared event map; the generic socket listener API cannot
  // express "this event's payload" for a union of events, hence the one untyped hop.
  const untyped = socket as unknown as {
    on(event: string, listener: (payload: unknown) => void): void;
    off(event: string, listener: (payload: unknown) => void): void;
  };
  const relays = RELAYED_EVENTS.map((event) => {
    const relay = (payload: unknown) => relaySocketEvent(event, payload as never);
    untyped.on(event, relay);
    return () => untyped.off(event, relay);
  });

  return {
    setSite(next) {
      if (next === siteId) return;
      const previous = siteId;
      siteId = next;
      store.resetSite(next);
      if (!socket.connected) return; // the next connect joins the current site
      if (previous) socket.emit('leave:site', previous);
      if (next) enterSite(next);
    },
    dispose() {
      disposed = true;
      clearTimeout(retryTimer);
      connectivity?.removeEventListener('offline', onOffline);
      connectivity?.removeEventListener('online', onOnline);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('site:devices', onSiteDevices);
      socket.off('device:updates', onDeviceUpdates);
      socket.off('booking:update', onBookingUpdate);
      for (const off of relays) off();
      socket.disconnect();
    },
  };
}
