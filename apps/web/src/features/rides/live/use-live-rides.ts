import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeState } from '../../realtime';
import { ridesQueryKey } from '../api/rides-query-key';
import { applyRideUpdate } from '../lib/ride-cache';
import { useRideUpdate } from './ride-update-event';

/**
 * Keeps the Rides page live (spec §4 Live connection): each `ride:update` of the site patches the list and
 * the detail in place; after the connection was lost, every rides answer is asked again, since the updates
 * sent meanwhile never arrived.
 */
export function useLiveRides(siteId: string): void {
  const queryClient = useQueryClient();
  useRideUpdate((ride) => {
    if (ride.siteId === siteId) applyRideUpdate(queryClient, siteId, ride);
  });

  const { connection } = useRealtimeState();
  const missedUpdates = useRef(false);
  useEffect(() => {
    if (connection === 'disconnected') missedUpdates.current = true;
    if (connection === 'connected' && missedUpdates.current) {
      missedUpdates.current = false;
      void queryClient.invalidateQueries({ queryKey: ridesQueryKey(siteId) });
    }
  }, [connection, queryClient, siteId]);
}
