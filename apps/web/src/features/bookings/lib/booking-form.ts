import { email as emailSchema, localDate, localTime, type BookingView, type SlotView } from '@fairway/domain';

/**
 * The booking dialog's state and its rules (spec §4 Booking dialog), apart from the page so they are tested
 * as plain functions: which slots the list offers, which carts the select offers, when Save is on, and the
 * body sent.
 */

export interface ChosenSlot {
  /** ISO instants */
  startAt: string;
  endAt: string;
}

export interface BookingForm {
  /** 'YYYY-MM-DD' on the site's calendar */
  date: string;
  serviceId: string | null;
  priceId: string | null;
  slot: ChosenSlot | null;
  device: string | null;
  /** a member of the site, or null for a free-text name */
  driver: string | null;
  name: string;
  email: string;
  scheduleUnlock: boolean;
  note: string;
}

export const emptyForm = (date: string): BookingForm => ({
  date,
  serviceId: null,
  priceId: null,
  slot: null,
  device: null,
  driver: null,
  name: '',
  email: '',
  scheduleUnlock: false,
  note: '',
});

/** The dialog opened on an existing booking: every field as stored, its own slot chosen. */
export const formOf = (booking: BookingView, timeZone: string): BookingForm => ({
  date: localDate(Date.parse(booking.start), timeZone),
  serviceId: booking.service,
  priceId: booking.price,
  slot: { startAt: booking.start, endAt: booking.end },
  device: booking.device,
  driver: booking.driver,
  name: booking.name,
  email: booking.email ?? '',
  scheduleUnlock: booking.scheduleUnlock,
  note: booking.note,
});

export const sameSlot = (a: ChosenSlot | null, b: ChosenSlot | null): boolean =>
  a !== null &&
  b !== null &&
  Date.parse(a.startAt) === Date.parse(b.startAt) &&
  Date.parse(a.endAt) === Date.parse(b.endAt);

export interface SlotOption extends SlotView {
  /** the booking's own time (edit mode): shown with a pencil, always choosable */
  own: boolean;
}

/**
 * Spec §4: when editing, the booking's own slot is inserted if the list lacks it (it may be off the 30-minute
 * grid, or full because of the booking itself); the list stays in time order.
 */
export function slotOptions(
  slots: readonly SlotView[],
  own: BookingView | null,
  date: string,
  timeZone: string,
): SlotOption[] {
  const options: SlotOption[] = slots.map((slot) => ({ ...slot, own: false }));
  if (!own || localDate(Date.parse(own.start), timeZone) !== date) return options;
  const index = options.findIndex((slot) => sameSlot(slot, { startAt: own.start, endAt: own.end }));
  if (index >= 0) {
    options[index] = { ...options[index]!, own: true };
    return options;
  }
  const ownSlot: SlotOption = {
    start: localTime(Date.parse(own.start), timeZone),
    end: localTime(Date.parse(own.end), timeZone),
    startAt: own.start,
    endAt: own.end,
    available: 0,
    total: 0,
    own: true,
  };
  return [...options, ownSlot].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
}

export const emailValid = (value: string): boolean =>
  value.trim() === '' || emailSchema.safeParse(value.trim()).success;

/** Spec §4/§5: Save only with a slot, a cart and a driver name, and an email that is one if given. */
export const formValid = (form: BookingForm): boolean =>
  form.slot !== null && form.device !== null && form.name.trim() !== '' && emailValid(form.email);

/** The body of POST and PATCH /bookings (§7); the note goes only with an email, as only then is it sent. */
export function bookingBodyOf(form: BookingForm) {
  const email = form.email.trim();
  return {
    start: form.slot!.startAt,
    end: form.slot!.endAt,
    device: form.device!,
    name: form.name.trim(),
    service: form.serviceId,
    price: form.priceId,
    driver: form.driver,
    email: email === '' ? null : email.toLowerCase(),
    scheduleUnlock: form.scheduleUnlock,
    note: email === '' ? '' : form.note.trim(),
  };
}
