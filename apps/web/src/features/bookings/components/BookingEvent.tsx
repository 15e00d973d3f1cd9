import BuildIcon from '@mui/icons-material/BuildOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { MAINTENANCE, type BookingView } from '@fairway/domain';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/money';
import { offsetText, type EventTimes } from '../lib/calendar';

interface BookingEventProps {
  booking: BookingView;
  times: EventTimes;
  canEdit: boolean;
  canDelete: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A clock time in the language's style, with the day offset when it is on another day ("22:00 -1"). */
const clockText = (time: string, offset: number, locale: string | undefined) =>
  [formatTimeOfDay(time, locale), offsetText(offset)].filter(Boolean).join(' ');

/**
 * One booking in its cart's column (spec §2): start and end (±day outside the day), the booker, the
 * service chip with its price, the auto-unlock chip; edit and delete per the calendar rules. A maintenance
 * block reads as such, in the neutral colour.
 */
export function BookingEvent({
  booking,
  times,
  canEdit,
  canDelete,
  onOpen,
  onEdit,
  onDelete,
}: BookingEventProps) {
  const { t, i18n } = useTranslation();
  const maintenance = booking.bookingType === MAINTENANCE;
  const name = maintenance ? t('bookings.event.maintenance') : booking.name || t('bookings.event.noName');
  const price =
    booking.amount !== null ? formatMoney(booking.amount, booking.currency, i18n.resolvedLanguage) : null;
  const service = [booking.serviceName, price].filter(Boolean).join(' · ');
  const timeText = t('bookings.event.times', {
    start: clockText(times.start, times.startOffset, i18n.resolvedLanguage),
    end: clockText(times.end, times.endOffset, i18n.resolvedLanguage),
  });
  return (
    <Box
      data-testid="booking-event"
      data-booking-id={booking._id}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 1,
        borderLeft: 4,
        borderColor: maintenance ? 'grey.600' : 'primary.main',
        bgcolor: (theme) => (maintenance ? theme.palette.grey[200] : alpha(theme.palette.primary.main, 0.1)),
        overflow: 'hidden',
        boxShadow: 1,
      }}
    >
      <ButtonBase
        onClick={onOpen}
        sx={{
          flex: 1,
          minHeight: 0,
          // A button centres its content; an event reads from its top, where its start time is.
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          // A short event clips its last lines; no line is squeezed to nothing (the name must stay).
          '& > *': { flexShrink: 0 },
          textAlign: 'left',
          px: 1,
          py: 0.5,
          overflow: 'hidden',
        }}
      >
        <Typography
          variant="caption"
          component="div"
          sx={{ fontWeight: 600 }}
          data-testid="booking-event-times"
        >
          {timeText}
        </Typography>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} data-testid="booking-event-name">
          {maintenance && (
            <BuildIcon sx={{ fontSize: 14, mr: 0.5, verticalAlign: 'text-bottom' }} aria-hidden />
          )}
          {name}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
          {service && <Chip size="small" label={service} data-testid="booking-event-service" />}
          {booking.scheduleUnlock && (
            <Chip size="small" color="success" variant="outlined" label={t('bookings.event.autoUnlock')} />
          )}
        </Box>
      </ButtonBase>
      {(canEdit || canDelete) && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          {canEdit && (
            <IconButton
              size="small"
              aria-label={`${t('bookings.event.edit')}: ${name}, ${timeText}`}
              onClick={onEdit}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          )}
          {canDelete && (
            <IconButton
              size="small"
              aria-label={`${t('bookings.event.delete')}: ${name}, ${timeText}`}
              onClick={onDelete}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      )}
    </Box>
  );
}
