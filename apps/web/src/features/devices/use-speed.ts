import { DEFAULT_SPEED_UNIT, formatSpeed, isSpeedUnit, type SpeedUnit } from '@fairway/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../lib/locale';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/**
 * The operator's speed unit (spec §2 Settings: kph or mph, kept locally, default kph). Held in one
 * module-level value so every speed on the page follows a change at once, and another tab's change too.
 */
const readUnit = (): SpeedUnit => {
  const stored = readStorage(STORAGE_KEYS.speedUnit);
  return isSpeedUnit(stored) ? stored : DEFAULT_SPEED_UNIT;
};

let current = readUnit();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEYS.speedUnit) return;
  current = readUnit();
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const getUnit = () => current;

export function setSpeedUnit(unit: SpeedUnit): void {
  if (unit === current) return;
  current = unit;
  writeStorage(STORAGE_KEYS.speedUnit, unit);
  notify();
}

export function useSpeedUnit(): [SpeedUnit, (unit: SpeedUnit) => void] {
  return [useSyncExternalStore(subscribe, getUnit, () => DEFAULT_SPEED_UNIT), setSpeedUnit];
}

/** Formats a km/h speed in the operator's unit and language ('–' when the cart sent none). */
export function useFormatSpeed(): (kph: number | null) => string {
  const [unit] = useSpeedUnit();
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? DEFAULT_LOCALE;
  return useCallback((kph) => (kph === null ? '–' : formatSpeed(kph, unit, locale)), [unit, locale]);
}
