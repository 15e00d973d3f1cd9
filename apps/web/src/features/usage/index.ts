/**
 * The public surface of features/usage (Reports → Usage): what other features may import from it
 * (docs/architecture.md, "The web app"); the rest of the folder is its own. The page itself is reached by
 * the router's lazy route, so ECharts never joins another page's chunk.
 */
export { usageQueryKey } from './api/get-ride-usage';
export { formatCount, formatPeriod, formatPeriodLong } from './usage-format';
