import { cartView, type AdminDevicePage, type CartView } from '@fairway/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { refreshAccessToken } from '../../../lib/api-client';
import { createSocket, isUnauthorizedSocketError, type FairwaySocket } from '../../../lib/socket';
import { adminDevicesQueryKey } from './api/get-admin-devices';

/** A pushed cart view over a listed tracker: the admin's own fields stay, absent ones do not erase. */
function patchPage(page: AdminDevicePage | undefined, update: CartView): AdminDevicePage | undefined {
  if (!page || !page.data.some((row) => row._id === update._id)) return page;
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  return {
    ...page,
    data: page.data.map((row) => {
      if (row._id !== update._id) return row;
      // A late push must not undo a newer view (the cart's state version says which is newer).
      if (
        row.stateVersion !== undefined &&
        update.stateVersion !== undefined &&
        update.stateVersion < row.stateVersion
      )
        return row;
      return { ...row, ...changes };
    }),
  };
}

/** A `device:updates` batch over the listed pages, in one cache write; payloads that are not carts are skipped. */
export function applyDeviceUpdates(queryClient: QueryClient, payloads: readonly unknown[]): void {
  const updates = payloads.flatMap((payload) => {
    const parsed = cartView.safeParse(payload);
    return parsed.success ? [parsed.data] : [];
  });
  if (updates.length === 0) return;
  queryClient.setQueriesData<AdminDevicePage>({ queryKey: [...adminDevicesQueryKey, 'list'] }, (page) =>
    updates.reduce(patchPage, page),
  );
}

/**
 * Keeps the rows in view live: a socket of the Device Manager's own joins the rooms of the sites on the
 * current page (a superadmin may join any) and applies their `device:updates` pushes to the listed trackers,
 * so online state and firmware progress change without a reload. Rooms of sites that left the page are left.
 */
export function useDeviceRooms(siteIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const socketRef = useRef<FairwaySocket | null>(null);
  const joinedRef = useRef<Set<string>>(new Set());
  const wantedRef = useRef<readonly string[]>(siteIds);

  useEffect(() => {
    const socket = createSocket();
    socketRef.current = socket;
    let refreshing = false;
    const onConnect = () => {
      joinedRef.current = new Set();
      for (const siteId of wantedRef.current) {
        socket.emit('join:site', siteId);
        joinedRef.current.add(siteId);
      }
    };
    const onConnectError = (error: Error) => {
      // A refused handshake is not retried by Socket.IO: renew the token once, then try again.
      if (!isUnauthorizedSocketError(error) || refreshing) return;
      refreshing = true;
      refreshAccessToken().then(
        () => {
          refreshing = false;
          if (socketRef.current === socket) socket.connect();
        },
        () => {
          refreshing = false;
        },
      );
    };
    const onUpdates = (payload: { devices: CartView[] }) =>
      applyDeviceUpdates(queryClient, Array.isArray(payload?.devices) ? payload.devices : []);
    socket.on('connect', onConnect);
    socket.on('connect_error', onConnectError);
    socket.on('device:updates', onUpdates);
    socket.connect();
    return () => {
      socketRef.current = null;
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      socket.off('device:updates', onUpdates);
      socket.disconnect();
    };
  }, [queryClient]);

  const key = [...siteIds].sort().join(',');
  useEffect(() => {
    const wanted = new Set(key === '' ? [] : key.split(','));
    wantedRef.current = [...wanted];
    const socket = socketRef.current;
    if (!socket?.connected) return; // the next connect joins what the page then shows
    for (const siteId of joinedRef.current) {
      if (!wanted.has(siteId)) socket.emit('leave:site', siteId);
    }
    for (const siteId of wanted) {
      if (!joinedRef.current.has(siteId)) socket.emit('join:site', siteId);
    }
    joinedRef.current = wanted;
  }, [key]);
}
