import { localDate, MAINTENANCE, type BookingView, type SiteView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { isValid, startOfDay } from 'date-fns';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import { showToast } from '../../../lib/notifications';
import { useSiteCarts } from '../../realtime';
import { useCreateBooking } from '../api/create-booking';
import { useCartBookings } from '../api/get-bookings';
import { useUpdateBooking } from '../api/update-booking';
import { bookingErrorText } from '../lib/error-text';
import { EditDialogActions } from './EditDialogActions';
import {
  initialTimes,
  instantOf,
  moveStart,
  timesOf,
  wallDate,
  type MaintenanceTimes,
} from '../lib/maintenance-form';

interface MaintenanceDialogProps {
  siteId: string;
  site: SiteView;
  /** null: a new block */
  booking: BookingView | null;
  /** a new block's cart, when it is opened from that cart */
  initialDevice?: string | undefined;
  initialDate: string;
  /** the page's clock */
  now: number;
  canDelete: boolean;
  onDelete: (booking: BookingView) => void;
  onClose: () => void;
}

/**
 * The maintenance dialog (spec §2): a cart is required; end cannot precede start; moving start after end
 * moves end; start is today at the earliest; Save stays off while invalid or while the cart has bookings in
 * the range, which the notice names. The server refuses the same (409) if a booking is made meanwhile.
 */
export function MaintenanceDialog({
  siteId,
  site,
  booking,
  initialDevice,
  initialDate,
  now,
  canDelete,
  onDelete,
  onClose,
}: MaintenanceDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const titleId = useId();
  const timeZone = site.timezone;
  const { carts } = useSiteCarts(siteId);
  const [device, setDevice] = useState<string>(booking?.device ?? initialDevice ?? '');
  const [times, setTimes] = useState<MaintenanceTimes>(() =>
    booking ? timesOf(booking, timeZone) : initialTimes(initialDate, localDate(now, timeZone), now, timeZone),
  );
  const [note, setNote] = useState(booking?.note ?? '');
  const [saveError, setSaveError] = useState<string | null>(null);
  const create = useCreateBooking(siteId);
  const patch = useUpdateBooking(siteId);

  const todayStart = startOfDay(wallDate(now, timeZone));
  const timesValid = isValid(times.start) && isValid(times.end);
  const start = timesValid ? instantOf(times.start, timeZone) : NaN;
  const end = timesValid ? instantOf(times.end, timeZone) : NaN;
  const endBeforeStart = timesValid && end <= start;
  // An edited block may have begun before today; only a new start is held to today.
  const startPast =
    timesValid && times.start < todayStart && (!booking || Date.parse(booking.start) !== start);
  const rangeOk = timesValid && !endBeforeStart && !startPast;

  const check = useCartBookings(
    siteId,
    device && rangeOk
      ? { device, start: new Date(start).toISOString(), end: new Date(end).toISOString() }
      : null,
  );
  const blocking = (check.data ?? []).filter(
    (item) => item._id !== booking?._id && item.bookingType !== MAINTENANCE,
  );
  const first = blocking.length > 0 ? Math.min(...blocking.map((item) => Date.parse(item.start))) : null;
  const last = blocking.length > 0 ? Math.max(...blocking.map((item) => Date.parse(item.end))) : null;

  const valid = device !== '' && rangeOk && check.isSuccess && blocking.length === 0;
  const saving = create.isPending || patch.isPending;
  const save = () => {
    setSaveError(null);
    const body = {
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      device,
      note: note.trim(),
    };
    const done = {
      onSuccess: () => {
        showToast(t('bookings.maintenanceDialog.saved'), 'success');
        onClose();
      },
      onError: (error: unknown) => {
        setSaveError(bookingErrorText(t, error));
        // A booking made meanwhile: the check asks again, so the notice names it.
        void check.refetch();
      },
    };
    if (booking) patch.mutate({ id: booking._id, body }, done);
    else create.mutate({ ...body, bookingType: MAINTENANCE }, done);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t(booking ? 'bookings.maintenanceDialog.editTitle' : 'bookings.maintenanceDialog.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            required
            label={t('bookings.maintenanceDialog.cart')}
            value={device}
            onChange={(event) => setDevice(event.target.value)}
          >
            {carts.map((cart) => (
              <MenuItem key={cart._id} value={cart._id}>
                {cart.carNumber ?? '–'}
              </MenuItem>
            ))}
          </TextField>
          <DateTimePicker
            label={t('bookings.maintenanceDialog.start')}
            value={times.start}
            ampm={false}
            minDate={todayStart}
            onChange={(value) => value && setTimes((current) => moveStart(current, value))}
            slotProps={{
              textField: {
                required: true,
                error: startPast,
                helperText: startPast ? t('bookings.maintenanceDialog.startPast') : ' ',
              },
            }}
          />
          <DateTimePicker
            label={t('bookings.maintenanceDialog.end')}
            value={times.end}
            ampm={false}
            minDateTime={isValid(times.start) ? times.start : undefined}
            onChange={(value) => value && setTimes((current) => ({ ...current, end: value }))}
            slotProps={{
              textField: {
                required: true,
                error: endBeforeStart,
                helperText: endBeforeStart ? t('bookings.maintenanceDialog.endBeforeStart') : ' ',
              },
            }}
          />
          <TextField
            label={t('bookings.maintenanceDialog.note')}
            multiline
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {check.isFetching && device !== '' && rangeOk && (
            <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('bookings.maintenanceDialog.checking')}
            </Typography>
          )}
          {first !== null && last !== null && (
            <Alert severity="warning" data-testid="maintenance-bookings-exist">
              {t('bookings.maintenanceDialog.bookingsExist', {
                start: formatDateTime(first, locale, timeZone),
                end: formatDateTime(last, locale, timeZone),
              })}
            </Alert>
          )}
          {saveError && blocking.length === 0 && (
            <Alert severity="error" data-testid="maintenance-save-error">
              {saveError}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <EditDialogActions
        onDelete={booking && canDelete ? () => onDelete(booking) : undefined}
        onCancel={onClose}
        onSave={save}
        saveDisabled={!valid || saving}
      />
    </Dialog>
  );
}
