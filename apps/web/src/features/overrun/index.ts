/**
 * The public surface of features/overrun (issue 23, ride overrun alerts): what other features may import
 * from it (docs/architecture.md, "The web app"); the rest of the folder is its own.
 */
export { OverdueBadge } from './components/OverdueBadge';
export { OverdueFilterChip } from './components/OverdueFilterChip';
export { OverdueRideLine } from './components/OverdueRideLine';
export { useOverdueCarts } from './use-overdue-carts';
