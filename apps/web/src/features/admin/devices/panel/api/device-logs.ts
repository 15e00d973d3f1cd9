import {
  DEVICE_LOGS_LIMIT,
  deviceLogRequestAnswer,
  deviceLogView,
  type DeviceLogRequestAnswer,
  type DeviceLogType,
  type DeviceLogView,
} from '@fairway/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../../lib/api-client';

const logsAnswer = z.array(deviceLogView);

/** The server waits at most 20 s for the cart's answer; the call may take a little longer than that. */
const REQUEST_TIMEOUT_MS = 30_000;

const devicePath = (deviceId: string) => `/admin/devices/${encodeURIComponent(deviceId)}`;

export const deviceLogsQueryKey = (deviceId: string, type: DeviceLogType) =>
  ['admin', 'device-logs', deviceId, type] as const;

/** GET /api/admin/devices/{id}/logs?type=…: the cart's last WiFi scans or log snapshots, newest first. */
export async function getDeviceLogs(
  deviceId: string,
  type: DeviceLogType,
  signal?: AbortSignal,
): Promise<DeviceLogView[]> {
  return logsAnswer.parse(
    await apiRequest(`${devicePath(deviceId)}/logs`, { query: { type, limit: DEVICE_LOGS_LIMIT }, signal }),
  );
}

export const deviceLogsQueryOptions = (deviceId: string, type: DeviceLogType) =>
  queryOptions({
    queryKey: deviceLogsQueryKey(deviceId, type),
    queryFn: ({ signal }) => getDeviceLogs(deviceId, type, signal),
  });

export const useDeviceLogs = (deviceId: string, type: DeviceLogType) =>
  useQuery(deviceLogsQueryOptions(deviceId, type));

/**
 * Puts a new answer of the cart on top of its list (the request's own answer and the socket's `device:log`
 * both bring it; whichever comes second changes nothing), keeping the newest five.
 */
export function addDeviceLog(queryClient: QueryClient, log: DeviceLogView): void {
  queryClient.setQueryData<DeviceLogView[]>(deviceLogsQueryKey(log.deviceId, log.type), (logs) => {
    const rest = (logs ?? []).filter((old) => old._id !== log._id);
    return [log, ...rest]
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .slice(0, DEVICE_LOGS_LIMIT);
  });
}

/**
 * POST /api/admin/devices/{id}/wifi-scan (command 5) or /logs (command 6): answers once the cart answered,
 * with the stored scan or snapshot (null when it refused or stayed silent); 409 when the cart is offline.
 */
export async function requestDeviceLog(
  deviceId: string,
  type: DeviceLogType,
): Promise<DeviceLogRequestAnswer> {
  const path = type === 'wifi' ? 'wifi-scan' : 'logs';
  return deviceLogRequestAnswer.parse(
    await apiRequest(`${devicePath(deviceId)}/${path}`, { method: 'POST', timeoutMs: REQUEST_TIMEOUT_MS }),
  );
}

export const useRequestDeviceLog = (deviceId: string, type: DeviceLogType) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestDeviceLog(deviceId, type),
    onSuccess: (answer) => {
      if (answer.log) addDeviceLog(queryClient, answer.log);
    },
  });
};
