import { useQueryClient } from '@tanstack/react-query';
import { useRefetchAfterReconnect } from '../../realtime';
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

  useRefetchAfterReconnect(ridesQueryKey(siteId));
}
