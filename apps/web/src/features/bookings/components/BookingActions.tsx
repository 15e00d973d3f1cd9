import {
  localTime,
  MAINTENANCE,
  mayDeleteBooking,
  mayEditBooking,
  type BookingView,
  type SiteView,
} from '@fairway/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatTimeOfDay } from '../../../lib/date-format';
import { showToast } from '../../../lib/notifications';
import { useDeleteBooking } from '../api/delete-booking';
import { useUnlockBooking } from '../api/unlock-booking';
import { bookingErrorText } from '../lib/error-text';
import { BookingDialog } from './BookingDialog';
import { BookingViewDialog } from './BookingViewDialog';
import { MaintenanceDialog } from './MaintenanceDialog';

type Editing = {
  kind: 'booking' | 'maintenance';
  /** null: a new one */
  booking: BookingView | null;
  /** a new maintenance block's cart, when it is opened from that cart */
  device?: string;
} | null;

export interface BookingActions {
  /** opens the booking view (unlock, edit, delete) */
  view: (booking: BookingView) => void;
  /** opens the booking's or block's dialog, unless the rules keep it closed (a past booking) */
  edit: (booking: BookingView) => void;
  add: (kind: 'booking' | 'maintenance', device?: string) => void;
  askDelete: (booking: BookingView) => void;
  mayEdit: (booking: BookingView) => boolean;
  mayDelete: (booking: BookingView) => boolean;
  /** no dialog is open */
  idle: boolean;
  /** the open dialogs, to render once */
  dialogs: ReactNode;
}

/**
 * What an operator does with bookings wherever they show (the calendar, the Fleet's cart): view and unlock,
 * add and edit bookings and maintenance blocks, delete with confirmation, by the calendar rules (§4). The
 * dialogs need the date pickers' provider above them.
 */
export function useBookingActions({
  siteId,
  site,
  now,
  initialDate,
  opened,
}: {
  siteId: string;
  site: SiteView;
  /** the page's clock */
  now: number;
  /** the day (on the club's clock, not before today) a new booking or block starts on */
  initialDate: string;
  /** a dialog open from the start: a booking's view, or a new block for a cart */
  opened?: { view: BookingView } | { addMaintenance: string };
}): BookingActions {
  const { t, i18n } = useTranslation();
  const timeZone = site.timezone;
  const [editing, setEditing] = useState<Editing>(
    opened && 'addMaintenance' in opened
      ? { kind: 'maintenance', booking: null, device: opened.addMaintenance }
      : null,
  );
  const [viewing, setViewing] = useState<BookingView | null>(opened && 'view' in opened ? opened.view : null);
  const [deleting, setDeleting] = useState<BookingView | null>(null);
  const remove = useDeleteBooking(siteId);
  const unlock = useUnlockBooking(siteId);

  const integrated = { bookingIntegration: site.bookingIntegration };
  const times = (booking: BookingView) => ({
    ...booking,
    start: Date.parse(booking.start),
    end: Date.parse(booking.end),
  });
  const mayEdit = (booking: BookingView) => mayEditBooking(times(booking), integrated, now);
  const mayDelete = (booking: BookingView) => mayDeleteBooking(times(booking), integrated, now);
  const edit = (booking: BookingView) => {
    const maintenance = booking.bookingType === MAINTENANCE;
    // Spec §4: a booking whose end is past is not opened for editing (maintenance blocks are, §4 Calendar rules).
    if (!maintenance && Date.parse(booking.end) <= Date.now()) {
      showToast(t('bookings.dialog.pastBooking'), 'warning');
      return;
    }
    setViewing(null);
    setEditing({ kind: maintenance ? 'maintenance' : 'booking', booking });
  };
  const askDelete = (booking: BookingView) => {
    setViewing(null);
    setEditing(null);
    setDeleting(booking);
  };

  const confirmDelete = () => {
    const booking = deleting;
    setDeleting(null);
    if (!booking) return;
    remove.mutate(booking._id, {
      onSuccess: () => showToast(t('bookings.delete.done'), 'success'),
      onError: (error) => showToast(bookingErrorText(t, error), 'error'),
    });
  };

  const dialogs = (
    <>
      <BookingViewDialog
        booking={viewing}
        timeZone={timeZone}
        bookingOffset={site.bookingOffset}
        now={now}
        unlocking={unlock.isPending}
        onClose={() => setViewing(null)}
        onEdit={viewing && mayEdit(viewing) ? edit : undefined}
        onDelete={viewing && mayDelete(viewing) ? askDelete : undefined}
        onUnlock={(booking) =>
          unlock.mutate(booking._id, {
            onSuccess: () => {
              setViewing(null);
              showToast(t('bookings.unlock.sent', { cart: booking.carNumber ?? '–' }), 'success');
            },
            onError: (error) => showToast(bookingErrorText(t, error), 'error'),
          })
        }
      />
      {editing?.kind === 'booking' && (
        <BookingDialog
          siteId={siteId}
          site={site}
          booking={editing.booking}
          initialDate={initialDate}
          canDelete={editing.booking ? mayDelete(editing.booking) : false}
          onDelete={askDelete}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'maintenance' && (
        <MaintenanceDialog
          siteId={siteId}
          site={site}
          booking={editing.booking}
          initialDevice={editing.device}
          initialDate={initialDate}
          now={now}
          canDelete={editing.booking ? mayDelete(editing.booking) : false}
          onDelete={askDelete}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('bookings.delete.title')}
        message={
          deleting
            ? t('bookings.delete.message', {
                name:
                  deleting.bookingType === MAINTENANCE
                    ? t('bookings.event.maintenance')
                    : deleting.name || t('bookings.event.noName'),
                cart: deleting.carNumber ?? '–',
                time: formatTimeOfDay(localTime(Date.parse(deleting.start), timeZone), i18n.resolvedLanguage),
              })
            : ''
        }
        confirmLabel={t('bookings.delete.confirm')}
        cancelLabel={t('bookings.delete.keep')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );

  return {
    view: setViewing,
    edit,
    add: (kind, device) => setEditing({ kind, booking: null, ...(device ? { device } : {}) }),
    askDelete,
    mayEdit,
    mayDelete,
    idle: viewing === null && editing === null && deleting === null,
    dialogs,
  };
}
