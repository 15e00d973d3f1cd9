import { type BookingView, type TimeRange } from '@fairway/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../../lib/date-format';
import { eventTimes, firstMinuteToShow, gridHours, placeInDay, type GridHours } from '../lib/calendar';
import { BookingEvent } from './BookingEvent';

/** Pixels per minute: an hour is 72 px, so a 30-minute slot still holds its time and name. */
const SCALE = 1.2;
const HEADER = 40;
const AXIS = 56;

export interface CalendarColumn {
  id: string;
  carNumber: string | null;
}

interface BookingsCalendarProps {
  date: string;
  timeZone: string;
  day: TimeRange;
  opening: { open: number; close: number } | null;
  columns: readonly CalendarColumn[];
  bookings: readonly BookingView[];
  mayEdit: (booking: BookingView) => boolean;
  mayDelete: (booking: BookingView) => boolean;
  onOpen: (booking: BookingView) => void;
  onEdit: (booking: BookingView) => void;
  onDelete: (booking: BookingView) => void;
}

const hourLabels = ({ from, to }: GridHours) =>
  Array.from({ length: (to - from) / 60 + 1 }, (_, index) => from + index * 60);

/**
 * Spec §2 calendar: one column per cart, headed by its number, events placed by time. On every width it is
 * one grid that scrolls sideways, with the hours fixed on the left and the cart numbers on top: an
 * operator reads "which cart is free at 10:00" across the columns, which a per-cart list on the phone would
 * split into separate lists to compare.
 */
export function BookingsCalendar({
  date,
  timeZone,
  day,
  opening,
  columns,
  bookings,
  mayEdit,
  mayDelete,
  onOpen,
  onEdit,
  onDelete,
}: BookingsCalendarProps) {
  const { t, i18n } = useTranslation();
  const placed = bookings.map((booking) => ({ booking, ...placeInDay(booking, day) }));
  const hours = gridHours(opening, placed);
  const height = (hours.to - hours.from) * SCALE;
  // A new day opens at its first event (or its opening), not at the grid's top, which may be hours before.
  const region = useRef<HTMLDivElement>(null);
  const firstTop = firstMinuteToShow(
    opening,
    placed.filter((entry) => Date.parse(entry.booking.start) >= day.start).map((entry) => entry.top),
    hours.from,
  );
  const scrollTarget = Math.max(0, (firstTop - hours.from) * SCALE - 16);
  // Once, when the day's grid appears (the page mounts one per day): a live update must not move the grid
  // under the operator's eyes.
  const initialScroll = useRef(scrollTarget);
  useEffect(() => {
    region.current?.scrollTo?.({ top: initialScroll.current });
  }, []);
  const hourText = (minutes: number) =>
    formatTimeOfDay(
      `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      i18n.resolvedLanguage,
    );
  return (
    <Box
      ref={region}
      role="region"
      aria-label={t('bookings.calendar.label')}
      tabIndex={0}
      data-testid="bookings-calendar"
      sx={{
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        maxHeight: { xs: '70vh', md: 'calc(100vh - 260px)' },
        minHeight: 240,
      }}
    >
      <Box sx={{ display: 'flex', minWidth: 'max-content' }}>
        <Box
          aria-hidden
          sx={{
            width: AXIS,
            flexShrink: 0,
            position: 'sticky',
            left: 0,
            zIndex: 3,
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ height: HEADER, position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 4 }} />
          <Box sx={{ position: 'relative', height }}>
            {hourLabels(hours).map((minutes) => (
              <Typography
                key={minutes}
                variant="caption"
                sx={{
                  position: 'absolute',
                  // The first label would sit half under the cart numbers: it starts at the line instead.
                  top: Math.max(0, (minutes - hours.from) * SCALE - 8),
                  right: 8,
                  color: 'text.secondary',
                }}
              >
                {hourText(minutes)}
              </Typography>
            ))}
          </Box>
        </Box>
        {columns.map((column) => (
          <Box
            key={column.id}
            role="group"
            aria-label={t('bookings.calendar.cart', { number: column.carNumber ?? '–' })}
            data-testid="bookings-column"
            data-cart-id={column.id}
            sx={{ width: { xs: 140, md: 170 }, flexShrink: 0, borderLeft: 1, borderColor: 'divider' }}
          >
            <Box
              sx={{
                height: HEADER,
                position: 'sticky',
                top: 0,
                zIndex: 2,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'background.paper',
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="subtitle2" component="h3">
                {t('bookings.calendar.cart', { number: column.carNumber ?? '–' })}
              </Typography>
            </Box>
            <Box
              sx={{
                position: 'relative',
                height,
                // Hour lines, drawn by the background so the events alone are elements.
                backgroundImage: (theme) =>
                  `repeating-linear-gradient(to bottom, ${theme.palette.divider} 0 1px, transparent 1px ${60 * SCALE}px)`,
                backgroundPositionY: `${((60 - (hours.from % 60)) % 60) * SCALE}px`,
              }}
            >
              {placed
                .filter((entry) => entry.booking.device === column.id)
                .map(({ booking, top, bottom }) => (
                  <Box
                    key={booking._id}
                    sx={{
                      position: 'absolute',
                      left: 4,
                      right: 4,
                      top: (top - hours.from) * SCALE + 1,
                      height: Math.max((bottom - top) * SCALE - 2, 44),
                    }}
                  >
                    <BookingEvent
                      booking={booking}
                      times={eventTimes(booking, date, timeZone)}
                      canEdit={mayEdit(booking)}
                      canDelete={mayDelete(booking)}
                      onOpen={() => onOpen(booking)}
                      onEdit={() => onEdit(booking)}
                      onDelete={() => onDelete(booking)}
                    />
                  </Box>
                ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
