import { bookingView, type BookingView } from '@fairway/domain';
import { useSocketEvent } from '../../realtime';

/**
 * `booking:update` arrives through the site socket's relay (features/realtime/socket-events), so this
 * feature never owns a socket. The payload is checked against the shared schema before it touches the cache.
 */
export function useBookingUpdate(handler: (booking: BookingView) => void): void {
  useSocketEvent('booking:update', (payload: unknown) => {
    const parsed = bookingView.safeParse(payload);
    if (parsed.success) handler(parsed.data);
    else console.warn('Ignoring a booking update in an unexpected shape', parsed.error.issues);
  });
}
