/**
 * The public surface of features/zones: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { ZoneEditor } from './components/ZoneEditor';
export { ZonesLayer } from './components/ZonesLayer';
export { useZoneAlertedCarts } from './use-zone-alerts';
