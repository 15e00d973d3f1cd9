import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

export type LogTheme = 'light' | 'dark';

/** The log panel's light or dark (terminal-like) look, remembered on this browser (spec §2 Admin → Activity). */
export function useLogTheme(): [LogTheme, (next: LogTheme) => void] {
  const [theme, setTheme] = useState<LogTheme>(() =>
    readStorage(STORAGE_KEYS.adminActivityTheme) === 'dark' ? 'dark' : 'light',
  );
  const choose = (next: LogTheme) => {
    setTheme(next);
    writeStorage(STORAGE_KEYS.adminActivityTheme, next);
  };
  return [theme, choose];
}
