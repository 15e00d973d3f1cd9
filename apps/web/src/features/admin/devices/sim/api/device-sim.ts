import { simCardView, simResetProgress, type SimCardView, type SimResetProgress } from '@fairway/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { adminDevicesQueryKey } from '../../api/get-admin-devices';

/**
 * A tracker's SIM card at the SIM provider (spec §2 manage SIM, §4, §7 SIM provider), under
 * /api/admin/devices/{id}/sim. The provider refusing answers 409, the provider away 503.
 */
const simPath = (deviceId: string) => `/admin/devices/${encodeURIComponent(deviceId)}/sim`;

export const deviceSimQueryKey = (deviceId: string) => ['admin', 'sim', deviceId] as const;

/** GET …/sim: registered or not, endpoint and SIM status, connectivity, ICCID, carrier. */
export async function getDeviceSim(deviceId: string, signal?: AbortSignal): Promise<SimCardView> {
  return simCardView.parse(await apiRequest(simPath(deviceId), { signal }));
}

export const deviceSimQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: deviceSimQueryKey(deviceId),
    queryFn: ({ signal }) => getDeviceSim(deviceId, signal),
    // A provider that is away (503) or refuses (409) says so at once; retrying only delays the message.
    retry: false,
  });

export const useDeviceSim = (deviceId: string) => useQuery(deviceSimQueryOptions(deviceId));

/** POST …/sim (register: 400 no CCID reported, 404 'SIM Card not found'), DELETE …/sim, PATCH …/sim {enabled}. */
export type SimChange = { kind: 'register' } | { kind: 'deregister' } | { kind: 'enable'; enabled: boolean };

export async function changeDeviceSim(deviceId: string, change: SimChange): Promise<SimCardView> {
  const answer =
    change.kind === 'register'
      ? await apiRequest(simPath(deviceId), { method: 'POST' })
      : change.kind === 'deregister'
        ? await apiRequest(simPath(deviceId), { method: 'DELETE' })
        : await apiRequest(simPath(deviceId), { method: 'PATCH', body: { enabled: change.enabled } });
  return simCardView.parse(answer);
}

/** Each change answers the SIM's new state, which replaces the shown one at once. */
export const useChangeDeviceSim = (deviceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SimChange) => changeDeviceSim(deviceId, change),
    onSuccess: (view) => {
      queryClient.setQueryData(deviceSimQueryKey(deviceId), view);
      // The device table shows the tracker's SIM endpoint: its rows are read again.
      return queryClient.invalidateQueries({ queryKey: [...adminDevicesQueryKey, 'list'] });
    },
  });
};

/** POST …/sim/reset: 202 with the first progress; the steps follow as `sim:reset` events and from GET. */
export async function startSimReset(deviceId: string): Promise<SimResetProgress> {
  return simResetProgress.parse(await apiRequest(`${simPath(deviceId)}/reset`, { method: 'POST' }));
}

/** GET …/sim/reset: the latest reset's progress (404 when none since the server started). */
export async function getSimReset(deviceId: string, signal?: AbortSignal): Promise<SimResetProgress> {
  return simResetProgress.parse(await apiRequest(`${simPath(deviceId)}/reset`, { signal }));
}
