/**
 * The public surface of features/services: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { ServicesCard } from './components/ServicesCard';
export { useServices } from './api/get-services';
