import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeState } from './realtime-store';

/**
 * After the socket was lost and is back, asks every answer under `queryKey` again: the live updates sent
 * meanwhile never arrived (the Rides page, the bookings calendar).
 */
export function useRefetchAfterReconnect(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const { connection } = useRealtimeState();
  const missedUpdates = useRef(false);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (connection === 'disconnected') missedUpdates.current = true;
    if (connection === 'connected' && missedUpdates.current) {
      missedUpdates.current = false;
      void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    }
  }, [connection, queryClient, key]);
}
