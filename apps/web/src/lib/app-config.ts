import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

/**
 * Shape of GET /api/config. Kept here until the domain package carries it (reported to the lead): the
 * server decides the tile providers, so no tile host is written into the web code.
 */
const tileSource = z.object({ url: z.string().min(1), attribution: z.string() });
export const appConfig = z.object({ tiles: z.object({ street: tileSource, satellite: tileSource }) });
export type AppConfig = z.infer<typeof appConfig>;
export type TileSource = z.infer<typeof tileSource>;

/** GET /api/config: public runtime configuration (map tile sources). */
export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return appConfig.parse(await apiRequest('/config', { auth: 'public', signal }));
}

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getAppConfig(signal), staleTime: Infinity });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
