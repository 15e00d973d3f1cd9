/**
 * The public surface of features/auth: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { useAccount } from './api/get-account';
export { useUpdateAccount } from './api/update-account';
export { useCurrentRole } from './use-current-role';
