import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import StarIcon from '@mui/icons-material/Star';
import {
  hasRole,
  localDate,
  localTime,
  type BookingView,
  type MemberView,
  type SiteView,
} from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, isValid, parse } from 'date-fns';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatTimeOfDay } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/money';
import { showToast } from '../../../lib/notifications';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNow } from '../../../lib/use-now';
import { useCurrentRole } from '../../auth';
import { useSiteCarts } from '../../realtime';
import { useServices } from '../../services';
import { useCreateBooking } from '../api/create-booking';
import { useAvailableCarts } from '../api/get-available-carts';
import { useBookingSlots } from '../api/get-booking-slots';
import { useMemberSuggestions } from '../api/search-members';
import { useUpdateBooking } from '../api/update-booking';
import {
  bookingBodyOf,
  emailValid,
  emptyForm,
  formOf,
  formValid,
  sameSlot,
  slotOptions,
  type BookingForm,
} from '../lib/booking-form';
import { bookingErrorText } from '../lib/error-text';
import { EditDialogActions } from './EditDialogActions';

interface BookingDialogProps {
  siteId: string;
  site: SiteView;
  /** null: a new booking */
  booking: BookingView | null;
  /** the calendar's day (not before today): a new booking's date */
  initialDate: string;
  canDelete: boolean;
  onDelete: (booking: BookingView) => void;
  onClose: () => void;
}

const SLOT_HEIGHT = 50;
const SLOTS_HEIGHT = 300;
const toPicker = (date: string) => parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1));

/**
 * The booking dialog (spec §2, §4 Booking dialog), create and edit: date → service → price group → slot →
 * cart (recommended starred) → driver (a member, or any name) → email → auto-unlock → details → note.
 */
export function BookingDialog({
  siteId,
  site,
  booking,
  initialDate,
  canDelete,
  onDelete,
  onClose,
}: BookingDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const timeZone = site.timezone;
  const now = useNow(60_000);
  const isAdmin = hasRole(useCurrentRole(), 'admin');
  const [form, setForm] = useState<BookingForm>(() =>
    booking ? formOf(booking, timeZone) : emptyForm(initialDate),
  );
  const [slotsOpen, setSlotsOpen] = useState(true);
  const [driverInput, setDriverInput] = useState(booking?.name ?? '');
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = (patch: Partial<BookingForm>) => setForm((current) => ({ ...current, ...patch }));

  const services = useServices(siteId);
  const service = services.data?.find((item) => item._id === form.serviceId) ?? null;
  const slots = useBookingSlots(siteId, form.serviceId, form.date);
  const options = slotOptions(slots.data ?? [], booking, form.date, timeZone);
  const availability = useAvailableCarts(
    siteId,
    form.slot ? { start: form.slot.startAt, end: form.slot.endAt, excludedBookingId: booking?._id } : null,
  );
  const { carts } = useSiteCarts(siteId);
  const available = new Set(availability.data?.available ?? []);
  const cartOptions = carts.filter((cart) => available.has(cart._id));
  const recommended = availability.data?.recommended ?? null;

  // Spec §4: picking a slot loads the available carts and sets the recommended one; a cart the operator
  // picked (or the edited booking's) stays while it is free.
  const device =
    form.device && available.has(form.device) ? form.device : availability.data ? recommended : null;
  const chosen = { ...form, device };

  const debouncedDriver = useDebouncedValue(driverInput, 300);
  const members = useMemberSuggestions(siteId, debouncedDriver);
  const create = useCreateBooking(siteId);
  const patch = useUpdateBooking(siteId);
  const saving = create.isPending || patch.isPending;

  const noServices = services.data !== undefined && services.data.length === 0;
  const save = () => {
    setSaveError(null);
    const body = bookingBodyOf(chosen);
    const done = {
      onSuccess: () => {
        showToast(t(booking ? 'bookings.dialog.updated' : 'bookings.dialog.created'), 'success');
        onClose();
      },
      onError: (error: unknown) => setSaveError(bookingErrorText(t, error)),
    };
    if (booking) patch.mutate({ id: booking._id, body }, done);
    else create.mutate({ ...body, bookingType: 'booking' }, done);
  };

  const slotText = (slot: { start: string; end: string }) =>
    `${formatTimeOfDay(slot.start, locale)} – ${formatTimeOfDay(slot.end, locale)}`;
  const chosenCart = carts.find((cart) => cart._id === device);
  const price = service?.prices.find((item) => item._id === form.priceId) ?? null;
  const details = form.slot
    ? [
        t('bookings.dialog.detailsText', {
          date: formatDate(form.slot.startAt, locale, timeZone),
          start: formatTimeOfDay(localTime(Date.parse(form.slot.startAt), timeZone), locale),
          end: formatTimeOfDay(localTime(Date.parse(form.slot.endAt), timeZone), locale),
        }),
        chosenCart && t('bookings.dialog.detailsCart', { cart: chosenCart.carNumber ?? '–' }),
        service?.name,
        price && `${price.name} ${formatMoney(price.amount, service!.currency, locale)}`,
      ]
        .filter(Boolean)
        .join(' · ')
    : t('bookings.dialog.detailsNothing');

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: fullScreen ? undefined : 850, maxWidth: '100%' } } }}
    >
      <DialogTitle id={titleId}>
        {t(booking ? 'bookings.dialog.editTitle' : 'bookings.dialog.createTitle')}
        {booking && isAdmin && (
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary' }}
            data-testid="booking-id"
          >
            {t('bookings.dialog.bookingId', { id: booking._id })}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {noServices ? (
          <Alert
            severity="info"
            data-testid="booking-requirements"
            action={
              <Button
                component={RouterLink}
                to="/settings/booking?addService=true"
                color="inherit"
                size="small"
              >
                {t('bookings.dialog.addService')}
              </Button>
            }
          >
            <strong>{t('bookings.dialog.requirementsTitle')}</strong> {t('bookings.dialog.requirementsText')}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DatePicker
                label={t('bookings.dialog.date')}
                value={toPicker(form.date)}
                // Spec §2: the date is today at the earliest, on the club's clock (not the browser's).
                minDate={toPicker(localDate(now, timeZone))}
                onChange={(value) => {
                  if (!value || !isValid(value)) return;
                  const date = format(value, 'yyyy-MM-dd');
                  // A slot belongs to its day: a new day asks for its slots and the time is chosen again.
                  if (date !== form.date) update({ date, slot: null, device: null });
                }}
                slotProps={{ textField: { fullWidth: true } }}
              />
              <TextField
                select
                fullWidth
                label={t('bookings.dialog.service')}
                value={service ? service._id : ''}
                onChange={(event) => {
                  const serviceId = event.target.value || null;
                  // Spec §4: a new service clears the slot (create); editing keeps it and asks for free carts again.
                  if (booking) {
                    update({ serviceId, priceId: null });
                    void availability.refetch();
                  } else update({ serviceId, priceId: null, slot: null, device: null });
                }}
                helperText={
                  <Link component={RouterLink} to="/settings/booking?addService=true">
                    {t('bookings.dialog.addService')}
                  </Link>
                }
              >
                {(services.data ?? []).map((item) => (
                  <MenuItem key={item._id} value={item._id}>
                    {item.name}
                  </MenuItem>
                ))}
              </TextField>
              {service && service.prices.length > 0 && (
                <TextField
                  select
                  fullWidth
                  label={t('bookings.dialog.price')}
                  value={form.priceId ?? ''}
                  onChange={(event) => update({ priceId: event.target.value || null })}
                >
                  <MenuItem value="">{t('bookings.dialog.noPrice')}</MenuItem>
                  {service.prices.map((item) => (
                    <MenuItem key={item._id} value={item._id}>
                      {item.name} · {formatMoney(item.amount, service.currency, locale)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>

            {form.serviceId && (
              <Box>
                <Button
                  onClick={() => setSlotsOpen((open) => !open)}
                  endIcon={slotsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  aria-expanded={slotsOpen}
                  aria-controls={`${titleId}-slots`}
                >
                  {t('bookings.dialog.slots')}
                  {form.slot &&
                    !slotsOpen &&
                    ` · ${slotText({ start: localTime(Date.parse(form.slot.startAt), timeZone), end: localTime(Date.parse(form.slot.endAt), timeZone) })}`}
                </Button>
                <Collapse in={slotsOpen} id={`${titleId}-slots`}>
                  {slots.isError ? (
                    <Alert
                      severity="error"
                      action={
                        <Button onClick={() => void slots.refetch()}>{t('bookings.states.retry')}</Button>
                      }
                    >
                      {t('bookings.dialog.slotsFailed')}
                    </Alert>
                  ) : slots.isPending ? (
                    <Typography role="status" variant="body2" sx={{ p: 2 }}>
                      {t('bookings.dialog.slotsLoading')}
                    </Typography>
                  ) : options.length === 0 ? (
                    <Typography variant="body2" sx={{ p: 2 }} data-testid="booking-no-slots">
                      {t('bookings.dialog.noSlots')}
                    </Typography>
                  ) : (
                    <List
                      dense
                      aria-label={t('bookings.dialog.slots')}
                      sx={{
                        maxHeight: SLOTS_HEIGHT,
                        overflowY: 'auto',
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1,
                      }}
                    >
                      {options.map((slot) => {
                        const selected = sameSlot(slot, form.slot);
                        return (
                          <ListItemButton
                            key={slot.startAt}
                            selected={selected}
                            disabled={!slot.own && slot.available === 0}
                            sx={{ height: SLOT_HEIGHT }}
                            data-testid="booking-slot"
                            aria-current={selected ? 'true' : undefined}
                            onClick={() => {
                              update({ slot: { startAt: slot.startAt, endAt: slot.endAt }, device: null });
                              setSlotsOpen(false);
                            }}
                          >
                            <ListItemText
                              primary={slotText(slot)}
                              secondary={
                                slot.own
                                  ? t('bookings.dialog.currentSlot')
                                  : t('bookings.dialog.slotAvailable', {
                                      available: slot.available,
                                      total: slot.total,
                                    })
                              }
                            />
                            {slot.own && (
                              <ListItemIcon sx={{ minWidth: 0 }}>
                                <EditIcon fontSize="small" aria-hidden />
                              </ListItemIcon>
                            )}
                          </ListItemButton>
                        );
                      })}
                    </List>
                  )}
                </Collapse>
              </Box>
            )}

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                required
                label={t('bookings.dialog.cart')}
                value={device && cartOptions.some((cart) => cart._id === device) ? device : ''}
                onChange={(event) => update({ device: event.target.value || null })}
                helperText={
                  !form.slot
                    ? t('bookings.dialog.chooseSlot')
                    : availability.isFetching
                      ? t('bookings.dialog.cartLoading')
                      : cartOptions.length === 0
                        ? t('bookings.dialog.noCartFree')
                        : ' '
                }
                slotProps={{ htmlInput: { 'data-testid': 'booking-cart' } }}
              >
                {cartOptions.map((cart) => (
                  <MenuItem
                    key={cart._id}
                    value={cart._id}
                    data-recommended={cart._id === recommended || undefined}
                  >
                    {cart._id === recommended ? (
                      <>
                        <StarIcon fontSize="small" sx={{ mr: 1, color: 'warning.main' }} aria-hidden />
                        {t('bookings.dialog.recommended', { cart: cart.carNumber ?? '–' })}
                      </>
                    ) : (
                      (cart.carNumber ?? '–')
                    )}
                  </MenuItem>
                ))}
              </TextField>
              <Autocomplete<MemberView, false, false, true>
                freeSolo
                fullWidth
                options={members.data ?? []}
                filterOptions={(list) => list}
                getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
                renderOption={(props, option) => (
                  <li {...props} key={option._id}>
                    <Box>
                      <Typography variant="body2">{option.name}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {option.email}
                      </Typography>
                    </Box>
                  </li>
                )}
                inputValue={driverInput}
                onInputChange={(_event, value, reason) => {
                  setDriverInput(value);
                  // Spec §4: free text clears driver and email and sets the name.
                  if (reason === 'input')
                    update({ driver: null, name: value, ...(form.driver ? { email: '' } : {}) });
                }}
                onChange={(_event, value) => {
                  // Spec §4: choosing a member sets driver, name and email.
                  if (value && typeof value !== 'string')
                    update({ driver: value._id, name: value.name, email: value.email });
                }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    required
                    label={t('bookings.dialog.driver')}
                    helperText={t('bookings.dialog.driverHint')}
                  />
                )}
              />
            </Stack>
            <TextField
              label={t('bookings.dialog.email')}
              type="email"
              value={form.email}
              onChange={(event) => update({ email: event.target.value })}
              error={!emailValid(form.email)}
              helperText={emailValid(form.email) ? ' ' : t('validation.email')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.scheduleUnlock}
                  onChange={(event) => update({ scheduleUnlock: event.target.checked })}
                />
              }
              label={t('bookings.dialog.autoUnlock')}
            />
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t('bookings.dialog.details')}
              </Typography>
              <Typography variant="body2" data-testid="booking-details">
                {details}
              </Typography>
            </Box>
            {form.email.trim() !== '' && (
              <TextField
                label={t('bookings.dialog.note')}
                multiline
                minRows={2}
                value={form.note}
                onChange={(event) => update({ note: event.target.value })}
              />
            )}
            {saveError && (
              <Alert severity="error" data-testid="booking-save-error">
                {saveError}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <EditDialogActions
        onDelete={booking && canDelete ? () => onDelete(booking) : undefined}
        onCancel={onClose}
        onSave={save}
        saveDisabled={noServices || !formValid(chosen) || saving}
      />
    </Dialog>
  );
}
