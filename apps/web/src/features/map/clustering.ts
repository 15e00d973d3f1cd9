import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/**
 * Whether nearby carts merge into one numbered bubble (spec §2 Map: clustering, remembered locally).
 * On until the operator turns it off: a dozen carts parked at the barn are one readable bubble instead of
 * a stack of overlapping pins.
 */
const readClustering = (): boolean => readStorage(STORAGE_KEYS.mapClustering) !== 'off';

export function useClustering(): [boolean, (on: boolean) => void] {
  const [clustering, setClustering] = useState(readClustering);
  const choose = (on: boolean) => {
    writeStorage(STORAGE_KEYS.mapClustering, on ? 'on' : 'off');
    setClustering(on);
  };
  return [clustering, choose];
}
