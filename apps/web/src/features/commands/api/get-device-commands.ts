import { commandView, type CommandView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/devices/{id}/commands: the cart's recent commands, newest first. */
export async function getDeviceCommands(
  siteId: string,
  deviceId: string,
  signal?: AbortSignal,
): Promise<CommandView[]> {
  return z
    .array(commandView)
    .parse(
      await apiRequest(`/dashboard/devices/${encodeURIComponent(deviceId)}/commands`, { siteId, signal }),
    );
}

export const deviceCommandsQueryOptions = (siteId: string, deviceId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'devices', deviceId, 'commands'],
    queryFn: ({ signal }) => getDeviceCommands(siteId, deviceId, signal),
  });

export const useDeviceCommands = (siteId: string | null, deviceId: string) =>
  useQuery({ ...deviceCommandsQueryOptions(siteId ?? '', deviceId), enabled: siteId !== null });
