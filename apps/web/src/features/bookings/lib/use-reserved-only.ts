import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/** Spec §2: the all carts / reserved carts only toggle, remembered in this browser. */
export function useReservedOnly(): [boolean, (value: boolean) => void] {
  const [reservedOnly, setReservedOnly] = useState(
    () => readStorage(STORAGE_KEYS.bookingsReservedOnly) === '1',
  );
  return [
    reservedOnly,
    (value) => {
      writeStorage(STORAGE_KEYS.bookingsReservedOnly, value ? '1' : null);
      setReservedOnly(value);
    },
  ];
}
