import type { CartView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { makeCart, SITE_A } from '../../../test/carts';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { BookableCartsCard } from './BookableCartsCard';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const CART_10 = makeCart({ carNumber: '10', carName: 'Blue', bookableOnline: true });
const CART_2 = makeCart({ carNumber: '2', carName: 'Red', bookableOnline: false });

function renderCard({ carts = [CART_10, CART_2], patchFails = false, editable = true } = {}) {
  const server = installFetchMock({
    'GET /api/dashboard/devices': () => json(carts),
    ...Object.fromEntries(
      carts.map((cart) => [
        `PATCH /api/dashboard/devices/${cart._id}`,
        (call: { body: unknown }) =>
          patchFails
            ? json({ message: 'Device not found' }, 404)
            : json({ ...cart, ...(call.body as { updateData: Partial<CartView> }).updateData }),
      ]),
    ),
  });
  renderAsOperator(<BookableCartsCard siteId={SITE_A} editable={editable} />, 'user');
  return server;
}

const toggle = (number: string) =>
  screen.getByRole('switch', { name: `Cart ${number} bookable online` }) as HTMLInputElement;

resetOperatorSessionAroundEachTest();

describe('BookableCartsCard', () => {
  it('lists the carts by number with whether each can be booked online', async () => {
    renderCard();
    const list = await screen.findByRole('list', { name: 'Bookable carts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cart 2Red · Not bookable online', 'Cart 10Blue · Bookable online']);
    expect(toggle('10').checked).toBe(true);
  });

  it('saves a switch with the cart and keeps the new state', async () => {
    const server = renderCard();
    await screen.findByText('Cart 2');
    fireEvent.click(toggle('2'));
    await waitFor(() =>
      expect(server.callsTo('PATCH', `/api/dashboard/devices/${CART_2._id}`)).toHaveLength(1),
    );
    // Settled (enabled again) and showing the saved cart, not only the optimistic state while saving.
    await waitFor(() => expect([toggle('2').disabled, toggle('2').checked]).toEqual([false, true]));
    expect(screen.getByText('Red · Bookable online')).toBeTruthy();
    expect(server.callsTo('PATCH', `/api/dashboard/devices/${CART_2._id}`)[0]?.body).toEqual({
      updateData: { bookableOnline: true },
    });
  });

  it('says when a switch could not be saved and shows the saved state again', async () => {
    renderCard({ patchFails: true });
    await screen.findByText('Cart 10');
    fireEvent.click(toggle('10'));
    expect(
      await screen.findByText('Could not save whether Cart 10 is bookable online. Please try again.'),
    ).toBeTruthy();
    await waitFor(() => expect([toggle('10').disabled, toggle('10').checked]).toEqual([false, true]));
  });

  it('says when the site has no carts', async () => {
    renderCard({ carts: [] });
    expect(await screen.findByText('This site has no carts yet.')).toBeTruthy();
  });
});
