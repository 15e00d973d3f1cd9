import { randomInt } from 'node:crypto';
import { isDeadlock } from '../../lib/pg-errors';
import {
  constraintBroken,
  type BookingRow,
  type BookingsRepository,
  type NewBooking,
} from './bookings.repository';

/** Random codes tried before giving up; with 900,000 codes a clash is rare, two in a row rarer still. */
export const CODE_ATTEMPTS = 8;

/** A booking's 6-digit code (spec §5): what a guest types to unlock it. */
export const newBookingCode = (): string => String(randomInt(100_000, 1_000_000));

/**
 * Inserts a booking with a fresh code (none for a maintenance block: no guest unlocks it); a clash with a
 * current booking's code (`bookings_code_in_use`) draws another. Each attempt runs in a savepoint when the
 * repository is bound to a transaction, so a clash does not abort the caller's transaction (a key booking
 * takes its credits in the same one). Any other failure — an overlap — is thrown as it came, for the caller
 * to answer. `draw`: where codes come from (tests draw a taken one first).
 */
export async function insertWithCode(
  repo: BookingsRepository,
  values: Omit<NewBooking, 'code'>,
  draw: () => string = newBookingCode,
): Promise<BookingRow> {
  if (values.bookingType === 'cart_maintenance') return repo.insert({ ...values, code: null });
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    try {
      return await repo.atomically((r) => r.insert({ ...values, code: draw() }));
    } catch (error) {
      // A code in use draws another; a deadlock with an overlapping insert is tried again (`isDeadlock`).
      if (constraintBroken(error) !== 'code' && !isDeadlock(error)) throw error;
    }
  }
  throw new Error('no free booking code after several attempts');
}
