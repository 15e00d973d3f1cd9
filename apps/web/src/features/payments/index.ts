/**
 * The public surface of features/payments: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { useStartOnboarding } from './api/start-onboarding';
