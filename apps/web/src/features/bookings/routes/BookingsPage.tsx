import EventBusyIcon from '@mui/icons-material/EventBusy';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import {
  MAINTENANCE,
  mayDeleteBooking,
  mayEditBooking,
  type BookingView,
  type SiteView,
} from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PickersProvider } from '../../../components/PickersProvider';
import { formatTimeOfDay } from '../../../lib/date-format';
import { showToast } from '../../../lib/notifications';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useNow } from '../../../lib/use-now';
import { useSiteCarts } from '../../realtime';
import { useSite } from '../../sites';
import { useDeleteBooking } from '../api/delete-booking';
import { useBookingDay } from '../api/get-bookings';
import { useUnlockBooking } from '../api/unlock-booking';
import { BookingDialog } from '../components/BookingDialog';
import { BookingsCalendar } from '../components/BookingsCalendar';
import { BookingsHeader } from '../components/BookingsHeader';
import { BookingViewDialog } from '../components/BookingViewDialog';
import { DayNavigator } from '../components/DayNavigator';
import { MaintenanceDialog } from '../components/MaintenanceDialog';
import { calendarColumns, dayRange, eventTimes, openingOn } from '../lib/calendar';
import { bookingErrorText } from '../lib/error-text';
import { useReservedOnly } from '../lib/use-reserved-only';
import { useShownDate } from '../lib/use-shown-date';
import { useLiveBookings } from '../live/use-live-bookings';

/** /bookings (spec §2 Bookings): the selected site's per-cart calendar of a day. */
export function BookingsPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  const site = useSite(siteId);
  if (!siteId) {
    return (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  }
  if (site.isError) return <ErrorState error={site.error} onRetry={() => void site.refetch()} />;
  if (!site.data) return <LinearProgress aria-label={t('bookings.states.loading')} />;
  return (
    <PickersProvider>
      {/* Keyed by site: the day, dialogs and cached days belong to the site they were opened on. */}
      <SiteBookings key={siteId} siteId={siteId} site={site.data} />
    </PickersProvider>
  );
}

type Editing =
  | { kind: 'booking'; booking: BookingView | null }
  | { kind: 'maintenance'; booking: BookingView | null }
  | null;

function SiteBookings({ siteId, site }: { siteId: string; site: SiteView }) {
  const { t, i18n } = useTranslation();
  const timeZone = site.timezone;
  // The calendar rules (past, unlock window) follow the clock; each half minute is enough for them.
  const now = useNow(30_000);
  useLiveBookings(siteId, timeZone);
  const { date, today, tomorrow, setDate } = useShownDate(timeZone, now);
  const [reservedOnly, setReservedOnly] = useReservedOnly();
  const { start, end, range } = dayRange(date, timeZone);
  const day = useBookingDay(siteId, date, { start, end });
  const carts = useSiteCarts(siteId);
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<BookingView | null>(null);
  const [deleting, setDeleting] = useState<BookingView | null>(null);
  const remove = useDeleteBooking(siteId);
  const unlock = useUnlockBooking(siteId);

  const integrated = { bookingIntegration: site.bookingIntegration };
  const mayEdit = (booking: BookingView) =>
    mayEditBooking(
      { ...booking, start: Date.parse(booking.start), end: Date.parse(booking.end) },
      integrated,
      now,
    );
  const mayDelete = (booking: BookingView) =>
    mayDeleteBooking(
      { ...booking, start: Date.parse(booking.start), end: Date.parse(booking.end) },
      integrated,
      now,
    );
  const edit = (booking: BookingView) => {
    const maintenance = booking.bookingType === MAINTENANCE;
    // Spec §4: a booking whose end is past is not opened for editing (maintenance blocks are, §4 Calendar rules).
    if (!maintenance && Date.parse(booking.end) <= Date.now()) {
      showToast(t('bookings.dialog.pastBooking'), 'warning');
      return;
    }
    setEditing({ kind: maintenance ? 'maintenance' : 'booking', booking });
  };

  const opening = openingOn(date, site.openingHours);
  // Spec §4: only bookings not yet ended are listed, so a past day shows none; a day is past once it ended.
  const past = range.end <= now;
  const shownBookings = day.data ?? [];
  const columns = calendarColumns(carts.carts, shownBookings, reservedOnly);

  const confirmDelete = () => {
    const booking = deleting;
    setDeleting(null);
    if (!booking) return;
    remove.mutate(booking._id, {
      onSuccess: () => showToast(t('bookings.delete.done'), 'success'),
      onError: (error) => showToast(bookingErrorText(t, error), 'error'),
    });
  };

  let body;
  if (day.isError && !day.data) {
    body = (
      <ErrorState
        error={day.error}
        title={t('bookings.states.loadFailed')}
        onRetry={() => void day.refetch()}
      />
    );
  } else if (carts.error) {
    body = <ErrorState error={carts.error} onRetry={carts.retry} />;
  } else if (!day.data || !carts.loaded) {
    body = (
      <Box aria-busy="true" aria-label={t('bookings.states.loading')} role="status">
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  } else if (!opening && shownBookings.length === 0) {
    body = (
      <EmptyState
        size="pane"
        icon={<StoreIcon />}
        title={t('bookings.states.closed')}
        description={t('bookings.states.closedHint')}
      />
    );
  } else if (columns.length === 0 && carts.carts.length === 0) {
    body = <EmptyState size="pane" icon={<EventBusyIcon />} title={t('bookings.states.noCarts')} />;
  } else {
    body = (
      <Stack spacing={1.5}>
        {shownBookings.length === 0 && (
          <Alert severity="info" icon={<EventBusyIcon />} data-testid="bookings-none-found">
            {t('bookings.states.noneFound')}. {t('bookings.states.noneFoundHint')}
          </Alert>
        )}
        {!opening && (
          <Alert severity="warning" data-testid="bookings-closed">
            {t('bookings.states.closed')}
          </Alert>
        )}
        {columns.length > 0 && (
          <BookingsCalendar
            // One grid per day, mounted when the day's own answer is in: it opens at that day's first event.
            key={`${date}:${day.isPlaceholderData}`}
            date={date}
            timeZone={timeZone}
            day={range}
            opening={opening}
            columns={columns}
            bookings={shownBookings}
            mayEdit={mayEdit}
            mayDelete={mayDelete}
            onOpen={setViewing}
            onEdit={edit}
            onDelete={setDeleting}
          />
        )}
      </Stack>
    );
  }

  const deletingTimes = deleting ? eventTimes(deleting, date, timeZone) : null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <BookingsHeader
        integrated={site.bookingIntegration}
        past={past}
        onAddBooking={() => setEditing({ kind: 'booking', booking: null })}
        onAddMaintenance={() => setEditing({ kind: 'maintenance', booking: null })}
      />
      <DayNavigator
        date={date}
        today={today}
        tomorrow={tomorrow}
        onDate={setDate}
        count={day.data ? day.data.length : null}
        reservedOnly={reservedOnly}
        onReservedOnly={setReservedOnly}
      />
      {day.isFetching && day.data && <LinearProgress aria-label={t('bookings.states.loading')} />}
      {body}
      <BookingViewDialog
        booking={viewing}
        timeZone={timeZone}
        bookingOffset={site.bookingOffset}
        now={now}
        unlocking={unlock.isPending}
        onClose={() => setViewing(null)}
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
          initialDate={date < today ? today : date}
          canDelete={editing.booking ? mayDelete(editing.booking) : false}
          onDelete={(booking) => {
            setEditing(null);
            setDeleting(booking);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'maintenance' && (
        <MaintenanceDialog
          siteId={siteId}
          site={site}
          booking={editing.booking}
          initialDate={date < today ? today : date}
          now={now}
          canDelete={editing.booking ? mayDelete(editing.booking) : false}
          onDelete={(booking) => {
            setEditing(null);
            setDeleting(booking);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('bookings.delete.title')}
        message={
          deleting && deletingTimes
            ? t('bookings.delete.message', {
                name:
                  deleting.bookingType === MAINTENANCE
                    ? t('bookings.event.maintenance')
                    : deleting.name || t('bookings.event.noName'),
                cart: deleting.carNumber ?? '–',
                time: formatTimeOfDay(deletingTimes.start, i18n.resolvedLanguage),
              })
            : ''
        }
        confirmLabel={t('bookings.delete.confirm')}
        cancelLabel={t('bookings.delete.keep')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
