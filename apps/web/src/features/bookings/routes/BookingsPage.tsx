import EventBusyIcon from '@mui/icons-material/EventBusy';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import type { SiteView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PickersProvider } from '../../../components/PickersProvider';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useNow } from '../../../lib/use-now';
import { useSiteCarts } from '../../realtime';
import { useSite } from '../../sites';
import { useBookingDay } from '../api/get-bookings';
import { useBookingActions } from '../components/BookingActions';
import { BookingsCalendar } from '../components/BookingsCalendar';
import { BookingsHeader } from '../components/BookingsHeader';
import { DayNavigator } from '../components/DayNavigator';
import { calendarColumns, dayRange, openingOn } from '../lib/calendar';
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

function SiteBookings({ siteId, site }: { siteId: string; site: SiteView }) {
  const { t } = useTranslation();
  const timeZone = site.timezone;
  // The calendar rules (past, unlock window) follow the clock; each half minute is enough for them.
  const now = useNow(30_000);
  useLiveBookings(siteId, timeZone);
  const { date, today, tomorrow, setDate } = useShownDate(timeZone, now);
  const [reservedOnly, setReservedOnly] = useReservedOnly();
  const { start, end, range } = dayRange(date, timeZone);
  const day = useBookingDay(siteId, date, { start, end });
  const carts = useSiteCarts(siteId);
  const actions = useBookingActions({ siteId, site, now, initialDate: date < today ? today : date });

  const opening = openingOn(date, site.openingHours);
  // Spec §4: only bookings not yet ended are listed, so a past day shows none; a day is past once it ended.
  const past = range.end <= now;
  const shownBookings = day.data ?? [];
  const columns = calendarColumns(carts.carts, shownBookings, reservedOnly);

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
            mayEdit={actions.mayEdit}
            mayDelete={actions.mayDelete}
            onOpen={actions.view}
            onEdit={actions.edit}
            onDelete={actions.askDelete}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <BookingsHeader
        integrated={site.bookingIntegration}
        past={past}
        onAddBooking={() => actions.add('booking')}
        onAddMaintenance={() => actions.add('maintenance')}
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
      {actions.dialogs}
    </Stack>
  );
}
