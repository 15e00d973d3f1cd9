import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeCart } from '../../../test/carts';
import { json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { makeMember } from '../../members/testing/member-fixtures';
import { realtimeStore } from '../../realtime';
import { makePrice, makeService } from '../../services/testing/fixtures';
import { makeBooking, makeSlot } from '../testing/booking-fixtures';
import { BOOKINGS_PATH, renderBookingsPage } from '../testing/render-bookings-page';

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());
afterEach(() => realtimeStore.resetSite(null));

const SLOTS = `${BOOKINGS_PATH}/availability/slots`;
const CARTS = `${BOOKINGS_PATH}/availability/carts`;

async function choose(dialog: HTMLElement, field: string | RegExp, option: string | RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: field }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const PAGE = {
  currentPage: 1,
  totalPages: 1,
  totalItems: 1,
  itemsPerPage: 20,
  nextPage: null,
  prevPage: null,
};
const membersPage = (data: unknown[]) => json({ data, pagination: { ...PAGE, totalItems: data.length } });

const alice = makeMember({ name: 'Alice Green', email: 'alice@example.com' });

describe('BookingDialog', { timeout: 30_000 }, () => {
  it('books a slot at the recommended cart for a member: service → price → slot → cart → driver → email', async () => {
    const one = makeCart({ carNumber: '1' });
    const two = makeCart({ carNumber: '2' });
    const guest = makePrice({ name: 'Guest', amount: 2500 });
    const service = makeService({ name: '18 holes', duration: 240, prices: [guest] });
    const server = renderBookingsPage({
      carts: [one, two],
      services: [service],
      routes: {
        [`GET ${SLOTS}`]: () =>
          json([makeSlot('09:00', '13:00'), makeSlot('09:30', '13:30', { available: 0 })]),
        [`GET ${CARTS}`]: () => json({ available: [one._id, two._id], recommended: two._id }),
        'GET /api/dashboard/members': () => membersPage([alice]),
        [`POST ${BOOKINGS_PATH}`]: (call) => json(makeBooking(call.body as never), 201),
      },
    });
    await screen.findByTestId('bookings-none-found');
    fireEvent.click(screen.getByRole('button', { name: 'Add booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'New booking' });
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await choose(dialog, 'Service', '18 holes');
    await choose(dialog, 'Price group', 'Guest · €25.00');
    await waitFor(() => expect(within(dialog).getAllByTestId('booking-slot')).toHaveLength(2));
    expect(server.queriesTo(SLOTS).at(-1)).toEqual({ serviceId: service._id, dateString: '2030-06-10' });
    // A full slot cannot be chosen.
    expect(within(dialog).getAllByTestId('booking-slot')[1]!.getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getAllByTestId('booking-slot')[0]!.textContent).toContain('2/3 carts');

    fireEvent.click(within(dialog).getAllByTestId('booking-slot')[0]!);
    // Picking a slot sets the recommended cart, starred.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Cart/ }).textContent).toBe('2 (recommended)'),
    );
    expect(server.queriesTo(CARTS).at(-1)).toEqual({
      start: '2030-06-10T07:00:00.000Z',
      end: '2030-06-10T11:00:00.000Z',
    });

    fireEvent.change(within(dialog).getByRole('combobox', { name: /Driver/ }), { target: { value: 'Ali' } });
    fireEvent.click(await screen.findByRole('option', { name: /Alice Green/ }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Email (optional)') as HTMLInputElement).value).toBe(
        'alice@example.com',
      ),
    );
    fireEvent.click(
      within(dialog).getByRole('switch', { name: 'Unlock the cart automatically at the start' }),
    );
    // The note goes with the email, so it shows once there is one.
    fireEvent.change(within(dialog).getByLabelText('Note in the email'), {
      target: { value: 'Bring clubs' },
    });
    expect(within(dialog).getByTestId('booking-details').textContent).toBe(
      '10/06/2030, 09:00 – 13:00 · Cart 2 · 18 holes · Guest €25.00',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', BOOKINGS_PATH)).toHaveLength(1));
    expect(server.callsTo('POST', BOOKINGS_PATH)[0]!.body).toEqual({
      start: '2030-06-10T07:00:00.000Z',
      end: '2030-06-10T11:00:00.000Z',
      device: two._id,
      bookingType: 'booking',
      name: 'Alice Green',
      service: service._id,
      price: guest._id,
      driver: alice._id,
      email: 'alice@example.com',
      scheduleUnlock: true,
      note: 'Bring clubs',
    });
    expect(await screen.findByText('Booking saved')).toBeTruthy();
  });

  it('takes any name as free text, which clears the member and the email', async () => {
    const cart = makeCart({ carNumber: '1' });
    const service = makeService();
    renderBookingsPage({
      carts: [cart],
      services: [service],
      routes: {
        [`GET ${SLOTS}`]: () => json([makeSlot('09:00', '13:00')]),
        [`GET ${CARTS}`]: () => json({ available: [cart._id], recommended: cart._id }),
        'GET /api/dashboard/members': () => membersPage([alice]),
      },
    });
    await screen.findByTestId('bookings-none-found');
    fireEvent.click(screen.getByRole('button', { name: 'Add booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'New booking' });
    const driver = within(dialog).getByRole('combobox', { name: /Driver/ });
    fireEvent.change(driver, { target: { value: 'Ali' } });
    fireEvent.click(await screen.findByRole('option', { name: /Alice Green/ }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Email (optional)') as HTMLInputElement).value).toBe(
        'alice@example.com',
      ),
    );
    fireEvent.change(driver, { target: { value: 'Walk-in Wendy' } });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Email (optional)') as HTMLInputElement).value).toBe(''),
    );
    // No slot yet: Save stays off even with a name.
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the requirements notice, linking to add a service, when the site has no services', async () => {
    renderBookingsPage({ carts: [makeCart()], services: [] });
    await screen.findByTestId('bookings-none-found');
    fireEvent.click(screen.getByRole('button', { name: 'Add booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'New booking' });
    const notice = await within(dialog).findByTestId('booking-requirements');
    expect(within(notice).getByRole('link', { name: 'Add a service' }).getAttribute('href')).toBe(
      '/settings/booking?addService=true',
    );
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits a booking: its own time is offered with a pencil, admins see its id, Save sends a PATCH', async () => {
    const cart = makeCart({ carNumber: '1' });
    const service = makeService();
    // 09:10–13:10 is off the 30-minute grid, so the list lacks it.
    const booking = makeBooking({
      device: cart._id,
      service: service._id,
      price: null,
      start: '2030-06-10T07:10:00.000Z',
      end: '2030-06-10T11:10:00.000Z',
    });
    const server = renderBookingsPage({
      carts: [cart],
      services: [service],
      bookings: [booking],
      routes: {
        [`GET ${SLOTS}`]: () =>
          json([makeSlot('09:00', '13:00', { available: 0 }), makeSlot('10:00', '14:00')]),
        [`GET ${CARTS}`]: () => json({ available: [cart._id], recommended: cart._id }),
        'GET /api/dashboard/members': () => membersPage([]),
        [`PATCH ${BOOKINGS_PATH}/${booking._id}`]: (call) => json({ ...booking, ...(call.body as object) }),
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /^Edit: Alice Green/ }));
    const dialog = await screen.findByRole('dialog', { name: /Edit booking/ });
    expect(within(dialog).getByTestId('booking-id').textContent).toBe(`Booking id: ${booking._id}`);
    expect(server.queriesTo(CARTS).at(-1)).toMatchObject({ excludedBookingId: booking._id });
    // The list is collapsed on the chosen slot; open it to see the own slot among the others.
    const slotsToggle = within(dialog).getByRole('button', { name: /Available times/ });
    if (slotsToggle.getAttribute('aria-expanded') === 'false') fireEvent.click(slotsToggle);
    await waitFor(() => expect(within(dialog).getAllByTestId('booking-slot')).toHaveLength(3));
    const own = within(dialog).getAllByTestId('booking-slot')[1]!;
    expect(own.textContent).toContain('09:10 – 13:10');
    expect(own.textContent).toContain("This booking's time");

    fireEvent.click(within(dialog).getAllByTestId('booking-slot')[2]!);
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', `${BOOKINGS_PATH}/${booking._id}`)).toHaveLength(1));
    expect(server.callsTo('PATCH', `${BOOKINGS_PATH}/${booking._id}`)[0]!.body).toMatchObject({
      start: '2030-06-10T08:00:00.000Z',
      end: '2030-06-10T12:00:00.000Z',
      device: cart._id,
      name: 'Alice Green',
    });
  });

  it("says why a save was refused, in the operator's language", async () => {
    const cart = makeCart({ carNumber: '1' });
    const service = makeService();
    renderBookingsPage({
      carts: [cart],
      services: [service],
      routes: {
        [`GET ${SLOTS}`]: () => json([makeSlot('09:00', '13:00')]),
        [`GET ${CARTS}`]: () => json({ available: [cart._id], recommended: cart._id }),
        'GET /api/dashboard/members': () => membersPage([]),
        [`POST ${BOOKINGS_PATH}`]: () =>
          json({ message: 'device: This cart is already booked at that time', code: 'overlap' }, 409),
      },
    });
    await screen.findByTestId('bookings-none-found');
    fireEvent.click(screen.getByRole('button', { name: 'Add booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'New booking' });
    await choose(dialog, 'Service', '18 holes');
    fireEvent.click((await within(dialog).findAllByTestId('booking-slot'))[0]!);
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Driver/ }), { target: { value: 'Bob' } });
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('booking-save-error')).textContent).toBe(
      'This cart is already booked at that time',
    );
  });
});

describe('MaintenanceDialog', { timeout: 30_000 }, () => {
  it("refuses a block over the cart's bookings with the notice, and saves one that is clear", async () => {
    const one = makeCart({ carNumber: '1' });
    const two = makeCart({ carNumber: '2' });
    // 09:00–13:00 in Prague on cart 1.
    const booking = makeBooking({ device: one._id });
    const server = renderBookingsPage({
      carts: [one, two],
      bookings: (_call, query) =>
        json(query.get('device') === one._id || !query.get('device') ? [booking] : []),
      routes: {
        [`POST ${BOOKINGS_PATH}`]: (call) => json(makeBooking(call.body as never), 201),
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('booking-event')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'New maintenance' });
    const save = () => within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);

    // A new block on another day than today starts at 08:00 for two hours: over cart 1's 09:00 booking.
    await choose(dialog, /^Cart/, '1');
    expect((await within(dialog).findByTestId('maintenance-bookings-exist')).textContent).toBe(
      'Bookings exist for this cart between 10/06/2030, 09:00 and 10/06/2030, 13:00. You must first cancel any existing bookings.',
    );
    expect(save().disabled).toBe(true);
    expect(server.queriesTo(BOOKINGS_PATH).at(-1)).toEqual({
      device: one._id,
      start: '2030-06-10T06:00:00.000Z',
      end: '2030-06-10T08:00:00.000Z',
    });

    await choose(dialog, /^Cart/, '2');
    await waitFor(() => expect(within(dialog).queryByTestId('maintenance-bookings-exist')).toBeNull());
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(server.callsTo('POST', BOOKINGS_PATH)).toHaveLength(1));
    expect(server.callsTo('POST', BOOKINGS_PATH)[0]!.body).toEqual({
      start: '2030-06-10T06:00:00.000Z',
      end: '2030-06-10T08:00:00.000Z',
      device: two._id,
      note: '',
      bookingType: 'cart_maintenance',
    });
  });
});
