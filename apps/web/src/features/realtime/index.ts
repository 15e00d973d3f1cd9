/**
 * The public surface of features/realtime: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { devicesQueryOptions, useDevices } from './api/get-devices';
export { realtimeStore, useRealtimeState } from './realtime-store';
export { onSocketEvent, relaySocketEvent, useSocketEvent } from './socket-events';
export { useSiteCarts } from './use-site-carts';
export { useRefetchAfterReconnect } from './use-refetch-after-reconnect';
