import type { CartView } from '@fairway/domain';
import { useSyncExternalStore } from 'react';

/**
 * Live entities of the selected site, keyed by id (traccar-web style): one socket controller writes,
 * any page reads. Every write produces a new state object so React sees the change.
 */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export interface RealtimeState {
  siteId: string | null;
  devicesById: Readonly<Record<string, CartView>>;
  /** True once a full device list of `siteId` arrived (HTTP or socket). */
  devicesLoaded: boolean;
  connection: ConnectionState;
}

export interface RealtimeStore {
  getState(): RealtimeState;
  subscribe(listener: () => void): () => void;
  /** Forgets the previous site's carts; called when the operator switches site. */
  resetSite(siteId: string | null): void;
  /** A full list from the server replaces what is known (the socket's answer on every connect). */
  replaceDevices(siteId: string, devices: readonly CartView[]): void;
  /** A full list from HTTP, used only until the socket delivered one (it may be older than updates). */
  seedDevices(siteId: string, devices: readonly CartView[]): void;
  /** One cart from the server (an HTTP answer): the whole cart, replacing the entry with the same `_id`. */
  applyDeviceUpdate(device: CartView): void;
  /**
   * A `device:updates` batch: each cart replaces the entry with the same `_id`, and readers see the whole
   * batch at once (one state change, one render, however many carts a telemetry flush changed).
   */
  applyDeviceUpdates(devices: readonly CartView[]): void;
  setConnection(connection: ConnectionState): void;
}

const byId = (devices: readonly CartView[]): Record<string, CartView> =>
  Object.fromEntries(devices.map((device) => [device._id, device]));

export function createRealtimeStore(): RealtimeStore {
  let state: RealtimeState = {
    siteId: null,
    devicesById: {},
    devicesLoaded: false,
    connection: 'connecting',
  };
  const listeners = new Set<() => void>();
  const set = (next: RealtimeState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const applyDeviceUpdates = (devices: readonly CartView[]) => {
    const next: Record<string, CartView> = { ...state.devicesById };
    let changed = false;
    for (const device of devices) {
      if (device.siteID === state.siteId) {
        next[device._id] = device;
        changed = true;
      } else if (device._id in next) {
        // The cart moved to another site: it leaves this map.
        delete next[device._id];
        changed = true;
      }
    }
    if (changed) set({ ...state, devicesById: next });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resetSite(siteId) {
      if (siteId === state.siteId) return;
      set({ ...state, siteId, devicesById: {}, devicesLoaded: false });
    },
    replaceDevices(siteId, devices) {
      if (siteId !== state.siteId) return;
      set({
        ...state,
        devicesById: byId(devices.filter((device) => device.siteID === siteId)),
        devicesLoaded: true,
      });
    },
    seedDevices(siteId, devices) {
      if (siteId !== state.siteId || state.devicesLoaded) return;
      set({
        ...state,
        devicesById: byId(devices.filter((device) => device.siteID === siteId)),
        devicesLoaded: true,
      });
    },
    applyDeviceUpdate: (device) => applyDeviceUpdates([device]),
    applyDeviceUpdates,
    setConnection(connection) {
      if (connection !== state.connection) set({ ...state, connection });
    },
  };
}

/** The app's single realtime store; tests create their own with `createRealtimeStore`. */
export const realtimeStore = createRealtimeStore();

export function useRealtimeState(store: RealtimeStore = realtimeStore): RealtimeState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
