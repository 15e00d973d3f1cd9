/**
 * The public surface of features/commands: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { deviceCommandsQueryOptions, useDeviceCommands } from './api/get-device-commands';
export { commandLabel } from './command-labels';
export { useBulkCommand } from './use-bulk-command';
export { useLockToggle } from './use-lock-toggle';
export { useSendPing } from './use-send-ping';
