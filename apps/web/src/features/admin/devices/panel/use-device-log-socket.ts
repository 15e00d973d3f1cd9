import { deviceLogView } from '@fairway/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAccessToken } from '../../../../lib/api-client';
import { createSocket, isUnauthorizedSocketError } from '../../../../lib/socket';
import { addDeviceLog } from './api/device-logs';

/**
 * While the panel is open it listens to the tracker's site room (a superadmin may join any site): a WiFi
 * scan or log snapshot the cart sends (`device:log`) lands in its list the moment it arrives, also when
 * another admin asked for it. The panel's own connection, as the Device Manager's rows have theirs: the
 * app's socket follows only the operator's selected site.
 */
export function useDeviceLogSocket(deviceId: string, siteId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const socket = createSocket();
    let refreshing = false;
    let active = true;
    const join = () => socket.emit('join:site', siteId);
    const onLog = (payload: unknown) => {
      const parsed = deviceLogView.safeParse(payload);
      if (parsed.success && parsed.data.deviceId === deviceId) addDeviceLog(queryClient, parsed.data);
    };
    const onConnectError = (error: Error) => {
      // A refused handshake is not retried by Socket.IO: renew the token once, then try again.
      if (!isUnauthorizedSocketError(error) || refreshing) return;
      refreshing = true;
      refreshAccessToken().then(
        () => {
          refreshing = false;
          if (active) socket.connect();
        },
        () => {
          refreshing = false;
        },
      );
    };
    socket.on('connect', join);
    socket.on('connect_error', onConnectError);
    socket.on('device:log', onLog);
    socket.connect();
    return () => {
      active = false;
      socket.off('connect', join);
      socket.off('connect_error', onConnectError);
      socket.off('device:log', onLog);
      socket.disconnect();
    };
  }, [deviceId, siteId, queryClient]);
}
