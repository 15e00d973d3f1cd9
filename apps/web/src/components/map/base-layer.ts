import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/** Street or satellite background, remembered locally like the other map toggles. */
export type BaseLayer = 'street' | 'satellite';

const readBaseLayer = (): BaseLayer =>
  readStorage(STORAGE_KEYS.mapBaseLayer) === 'satellite' ? 'satellite' : 'street';

export function useBaseLayer(): [BaseLayer, (layer: BaseLayer) => void] {
  const [layer, setLayer] = useState<BaseLayer>(readBaseLayer);
  const choose = (next: BaseLayer) => {
    writeStorage(STORAGE_KEYS.mapBaseLayer, next);
    setLayer(next);
  };
  return [layer, choose];
}
