/**
 * The public surface of features/bookings: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { bookingsQueryKey } from './api/bookings-query-key';
export type { CartBookingRequest } from './components/CartBookingActions';
