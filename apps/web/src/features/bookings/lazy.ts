/**
 * The parts of features/bookings that other features load on demand, by `import()`: the dialogs bring the
 * date pickers, which a static export from index.ts would pull into the importer's chunk.
 */
export { CartBookingActions } from './components/CartBookingActions';
