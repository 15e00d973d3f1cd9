/**
 * The public surface of features/devices: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { deviceQueryOptions } from './api/get-device';
export { useUpdateDevice } from './api/update-device';
export { useUpdateDevices } from './api/update-devices';
export { BatteryIndicator } from './components/BatteryIndicator';
export { SignalIndicator } from './components/SignalIndicator';
export { setSpeedUnit, useFormatSpeed, useSpeedUnit } from './use-speed';
