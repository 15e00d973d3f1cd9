import { localDate, type BookingView, type SiteView } from '@fairway/domain';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../../components/PickersProvider';
import { showToast } from '../../../lib/notifications';
import { useNow } from '../../../lib/use-now';
import { useBooking } from '../api/get-booking';
import { bookingErrorText } from '../lib/error-text';
import { useBookingActions } from './BookingActions';

/** What the Fleet asked for on one cart: the view of one of its bookings, or a new maintenance block. */
export type CartBookingRequest = { kind: 'view'; bookingId: string } | { kind: 'maintenance' };

interface CartBookingActionsProps {
  siteId: string;
  site: SiteView;
  cartId: string;
  request: CartBookingRequest;
  /** every dialog it opened is closed again (or the booking could not be loaded) */
  onDone: () => void;
}

/**
 * The Fleet's booking view and maintenance dialogs (spec §2 Fleet, "Other dialogs") for one cart: the same
 * actions as the calendar's (`useBookingActions`), opened on the asked booking or on a new block for the cart.
 * Mounted per request (the Fleet keys it) and loaded on demand, with the date pickers.
 */
export function CartBookingActions({ siteId, site, cartId, request, onDone }: CartBookingActionsProps) {
  const { t } = useTranslation();
  const booking = useBooking(siteId, request.kind === 'view' ? request.bookingId : null);
  const failed = booking.error;
  useEffect(() => {
    if (!failed) return;
    showToast(bookingErrorText(t, failed), 'error');
    onDone();
  }, [failed, onDone, t]);

  if (request.kind === 'view' && !booking.data) {
    return (
      <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
        <CircularProgress aria-label={t('bookings.states.loading')} />
      </Backdrop>
    );
  }
  return (
    <PickersProvider>
      <OpenedActions
        siteId={siteId}
        site={site}
        opened={booking.data ? { view: booking.data } : { addMaintenance: cartId }}
        onDone={onDone}
      />
    </PickersProvider>
  );
}

function OpenedActions({
  siteId,
  site,
  opened,
  onDone,
}: {
  siteId: string;
  site: SiteView;
  opened: { view: BookingView } | { addMaintenance: string };
  onDone: () => void;
}) {
  const now = useNow(30_000);
  const actions = useBookingActions({
    siteId,
    site,
    now,
    initialDate: localDate(now, site.timezone),
    opened,
  });
  useEffect(() => {
    if (actions.idle) onDone();
  }, [actions.idle, onDone]);
  return actions.dialogs;
}
