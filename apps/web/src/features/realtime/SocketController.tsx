import { useEffect, useRef } from 'react';
import { isAuthRejection, refreshAccessToken, reportSessionExpired } from '../../lib/api-client';
import { createSocket } from '../../lib/socket';
import { useDevices } from './api/get-devices';
import { realtimeStore } from './realtime-store';
import { bindSiteSocket, type SiteSocketBinding } from './site-socket';

/**
 * The one place that talks to the realtime gateway while a user is signed in. It renders nothing: it
 * keeps the live carts of the selected site in the realtime store, which the pages read.
 */
export function SocketController({ siteId }: { siteId: string | null }) {
  const bindingRef = useRef<SiteSocketBinding | null>(null);

  useEffect(() => {
    const socket = createSocket();
    const binding = bindSiteSocket(socket, realtimeStore, {
      refreshToken: refreshAccessToken,
      isSessionLost: isAuthRejection,
      onSessionLost: reportSessionExpired,
    });
    bindingRef.current = binding;
    realtimeStore.setConnection('connecting');
    socket.connect();
    return () => {
      bindingRef.current = null;
      binding.dispose();
    };
  }, []);

  // Declared after the socket effect so the binding exists; switching site leaves the old room.
  useEffect(() => {
    bindingRef.current?.setSite(siteId);
  }, [siteId]);

  // The HTTP list fills the map at once and covers a socket that is slow to connect; the socket's own
  // list replaces it on every (re)connect.
  const { data: devices } = useDevices(siteId);
  useEffect(() => {
    if (siteId && devices) realtimeStore.seedDevices(siteId, devices);
  }, [siteId, devices]);

  return null;
}
