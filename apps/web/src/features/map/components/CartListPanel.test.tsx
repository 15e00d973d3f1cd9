import '../../../lib/i18n';
import type { CartView } from '@fairway/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCart } from '../../../test/carts';
import { reservedCartIds } from '../lib/cart-booking-text';
import { EVERY_CART, type PanelChoice } from '../lib/cart-groups';
import { CartListPanel } from './CartListPanel';

const idle = makeCart({ carNumber: '1', carName: 'Alpha' });
const riding = makeCart({ carNumber: '2', carName: 'Bravo', inUse: true, driverName: 'Jana Nováková' });
const unlocked = makeCart({ carNumber: '3', carName: 'Charlie', lockStatus: 0 });
const offline = makeCart({ carNumber: '4', carName: 'Delta', onlineStatus: false });
const stored = makeCart({ carNumber: '12', carName: 'Echo', inService: false });
const fleet = [idle, riding, unlocked, offline, stored];

function Panel({
  carts = fleet,
  onSelect = () => undefined,
}: {
  carts?: CartView[];
  onSelect?: (id: string) => void;
}) {
  const [choice, setChoice] = useState<PanelChoice>(EVERY_CART);
  const [now] = useState(() => Date.now());
  return (
    <CartListPanel
      carts={carts}
      reservedCartIds={reservedCartIds(carts, now)}
      timeZone="UTC"
      loading={false}
      choice={choice}
      onChoiceChange={setChoice}
      selectedCartId={null}
      onSelect={onSelect}
    />
  );
}

const rowNumbers = () =>
  screen
    .queryAllByTestId(/^cart-row-/)
    .map((row) => row.getAttribute('data-testid')?.replace('cart-row-', ''));
const tabCount = (group: string) =>
  within(screen.getByTestId(`map-group-${group}`)).getByText(/^\d+$/).textContent;

afterEach(cleanup);

describe('map cart panel', () => {
  it('lists every cart with the site total and a count on each group', () => {
    render(<Panel />);
    expect(screen.getByTestId('cart-count').textContent).toBe('5');
    expect(rowNumbers()).toEqual(['1', '2', '3', '4', '12']);
    expect(['all', 'live', 'inUse', 'reserved', 'stored'].map(tabCount)).toEqual(['5', '3', '2', '0', '1']);
  });

  it('shows one group at a time', () => {
    render(<Panel />);
    fireEvent.click(screen.getByTestId('map-group-inUse'));
    expect(rowNumbers()).toEqual(['2', '3']);
    fireEvent.click(screen.getByTestId('map-group-stored'));
    expect(rowNumbers()).toEqual(['12']);
  });

  it('reserved shows its designed empty state while nothing is booked', () => {
    render(<Panel />);
    fireEvent.click(screen.getByTestId('map-group-reserved'));
    expect(rowNumbers()).toEqual([]);
    expect(screen.getByText('No reserved carts')).toBeTruthy();
    expect(screen.getByText('Carts with a booking later today or under way appear here.')).toBeTruthy();
  });

  it('reserved holds the carts with a booking not yet ended today, not a maintenance block (issue 17)', () => {
    const iso = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const booking = (from: number, to: number, bookingType: 'booking' | 'cart_maintenance' = 'booking') => ({
      _id: `b-${from}-${bookingType}`,
      bookingType,
      start: iso(from),
      end: iso(to),
      name: 'Bea Booker',
      scheduleUnlock: false,
    });
    const carts = [
      makeCart({ carNumber: '5', bookings: [booking(-10, 50)] }),
      makeCart({ carNumber: '6', bookings: [booking(120, 200)] }),
      makeCart({ carNumber: '7', bookings: [booking(-10, 50, 'cart_maintenance')] }),
      makeCart({ carNumber: '8', bookings: [booking(-120, -60)] }),
    ];
    render(<Panel carts={carts} />);
    expect(tabCount('reserved')).toBe('2');
    fireEvent.click(screen.getByTestId('map-group-reserved'));
    expect(rowNumbers()).toEqual(['5', '6']);
    expect(screen.getByTestId('cart-row-5').textContent).toMatch(/Booked .*–.* · Bea Booker/);
    expect(screen.getByTestId('cart-row-6').textContent).toMatch(/Booked from .* · Bea Booker/);
    fireEvent.click(screen.getByTestId('map-group-all'));
    expect(screen.getByTestId('cart-row-7').textContent).toMatch(/Maintenance until/);
    expect(screen.getByTestId('cart-row-8').textContent).not.toMatch(/Booked/);
  });

  it('searches by number, name and driver; the total stays the site total', () => {
    render(<Panel />);
    const search = screen.getByRole('searchbox', { name: 'Search carts' });
    fireEvent.change(search, { target: { value: 'novák' } });
    expect(rowNumbers()).toEqual(['2']);
    expect(screen.getByRole('status').textContent).toBe('Showing 1 of 5');
    expect(screen.getByTestId('cart-count').textContent).toBe('5');

    fireEvent.change(search, { target: { value: '12' } });
    expect(rowNumbers()).toEqual(['12']);
    expect(tabCount('stored')).toBe('1');
    expect(tabCount('live')).toBe('0');
  });

  it('filters within the group and offers the way back when nothing matches', () => {
    render(<Panel />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
    fireEvent.click(screen.getByRole('option', { name: 'Unlocked' }));
    expect(rowNumbers()).toEqual(['3']);
    expect(tabCount('all')).toBe('1');

    fireEvent.click(screen.getByTestId('map-group-stored'));
    expect(screen.getByText('No carts match this search and filter')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all carts' }));
    expect(rowNumbers()).toEqual(['1', '2', '3', '4', '12']);
  });

  it('says when the site has no carts at all', () => {
    render(<Panel carts={[]} />);
    expect(screen.getByText('No carts at this site yet')).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
  });

  it('selects a cart by its row', () => {
    const onSelect = vi.fn();
    render(<Panel onSelect={onSelect} />);
    fireEvent.click(screen.getByTestId('cart-row-4'));
    expect(onSelect).toHaveBeenCalledWith(offline._id);
  });
});
