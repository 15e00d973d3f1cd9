import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  localTime,
  MAINTENANCE,
  staffMayUnlock,
  unlockWindow,
  unlockWindowState,
  type BookingView,
} from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTimeOfDay } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/money';

interface BookingViewDialogProps {
  booking: BookingView | null;
  timeZone: string;
  bookingOffset: number;
  now: number;
  unlocking: boolean;
  onUnlock: (booking: BookingView) => void;
  /** given when the calendar rules let the operator edit it */
  onEdit?: ((booking: BookingView) => void) | undefined;
  /** given when the calendar rules let the operator delete it */
  onDelete?: ((booking: BookingView) => void) | undefined;
  onClose: () => void;
}

/**
 * Spec §2: a click on an event opens the booking view. Staff unlock the cart here while the booking's window
 * is open (start + the site's booking offset … end); before it the time it opens shows instead. An app
 * booking awaiting payment cannot be unlocked by staff (§4).
 */
export function BookingViewDialog({
  booking,
  timeZone,
  bookingOffset,
  now,
  unlocking,
  onUnlock,
  onEdit,
  onDelete,
  onClose,
}: BookingViewDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (!booking) return null;
  const locale = i18n.resolvedLanguage;
  const range = { start: Date.parse(booking.start), end: Date.parse(booking.end) };
  const state = unlockWindowState(range, bookingOffset, now);
  const canUnlock = state === 'open' && staffMayUnlock(booking) && booking.session === null;
  const opens = formatTimeOfDay(localTime(unlockWindow(range, bookingOffset).start, timeZone), locale);
  const facts: [string, string][] = [
    [t('bookings.view.cart'), booking.carNumber ?? '–'],
    [
      t('bookings.view.time'),
      `${formatDateTime(range.start, locale, timeZone)} – ${formatDateTime(range.end, locale, timeZone)}`,
    ],
    [t('bookings.view.name'), booking.name || t('bookings.event.noName')],
  ];
  if (booking.email) facts.push([t('bookings.view.email'), booking.email]);
  if (booking.serviceName)
    facts.push([
      t('bookings.view.service'),
      [
        booking.serviceName,
        booking.priceName,
        booking.amount !== null && formatMoney(booking.amount, booking.currency, locale),
      ]
        .filter(Boolean)
        .join(' · '),
    ]);
  // A maintenance block has no code: nobody unlocks with it.
  if (booking.code) facts.push([t('bookings.view.code'), booking.code]);
  facts.push(
    [t('bookings.view.status'), t(`bookings.view.statuses.${booking.status}`)],
    [t('bookings.view.source'), t(`bookings.view.sources.${booking.source}`)],
  );
  if (booking.note) facts.push([t('bookings.view.note'), booking.note]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('bookings.view.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {state === 'before' && booking.bookingType === 'booking' && (
          <Typography variant="body2" sx={{ mt: 2 }} data-testid="booking-unlock-countdown">
            {t('bookings.unlock.countdown', { time: opens })}
          </Typography>
        )}
        {!staffMayUnlock(booking) && (
          <Typography variant="body2" sx={{ mt: 2 }} color="warning.main">
            {t('bookings.errors.paymentRequired')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {onDelete && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(booking)}>
            {booking.bookingType === MAINTENANCE ? t('bookings.dialog.delete') : t('bookings.event.delete')}
          </Button>
        )}
        {onEdit && (
          <Button startIcon={<EditIcon />} onClick={() => onEdit(booking)}>
            {t('bookings.event.edit')}
          </Button>
        )}
        <Box sx={{ flex: '1 1 auto' }} />
        <Button onClick={onClose}>{t('bookings.view.close')}</Button>
        {booking.bookingType === 'booking' && (
          <Button
            variant="contained"
            startIcon={<LockOpenIcon />}
            disabled={!canUnlock || unlocking}
            onClick={() => onUnlock(booking)}
          >
            {t('bookings.event.unlock')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
