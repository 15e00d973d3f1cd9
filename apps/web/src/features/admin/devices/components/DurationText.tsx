import { useTranslation } from 'react-i18next';
import { durationParts } from '../lib/device-status';

/** "3 d 4 h", "12 min", "40 s" in the interface language (uptime and last ping age). */
export function useDurationText() {
  const { t } = useTranslation();
  return (seconds: number) =>
    durationParts(seconds)
      .map(({ unit, value }) => t(`adminDevices.units.${unit}`, { value }))
      .join(' ');
}
