import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { parsePageSize, type FleetPageSize } from './fleet-paging';

export type FleetView = 'table' | 'grid';

/** Table or grid, remembered in this browser (spec §2 Fleet). */
export function useFleetView(): [FleetView, (view: FleetView) => void] {
  const [view, setView] = useState<FleetView>(() =>
    readStorage(STORAGE_KEYS.fleetView) === 'grid' ? 'grid' : 'table',
  );
  return [
    view,
    (next) => {
      writeStorage(STORAGE_KEYS.fleetView, next);
      setView(next);
    },
  ];
}

/** Rows per page, remembered in this browser (spec §2 Fleet, §9). */
export function useFleetPageSize(): [FleetPageSize, (size: FleetPageSize) => void] {
  const [size, setSize] = useState<FleetPageSize>(() =>
    parsePageSize(readStorage(STORAGE_KEYS.fleetPageSize)),
  );
  return [
    size,
    (next) => {
      writeStorage(STORAGE_KEYS.fleetPageSize, String(next));
      setSize(next);
    },
  ];
}
