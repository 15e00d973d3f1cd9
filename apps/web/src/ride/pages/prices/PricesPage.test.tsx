import type { RatesAnswer } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { readCheckoutDetails, readPendingPayment, saveCheckoutDetails } from '../../lib/ride-storage';
import { DEVICE, makeGuestCart, makeRate, PAYMENT, SERVICE_18, SITE } from '../../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../../test/render';

resetRideAroundEachTest();
// The page is a lazy chunk: load it once up front so the first test's wait does not pay for its compilation.
beforeAll(() => import('./PricesPage'), 30_000);

const RATES = `/api/guest/sites/${SITE}/rates`;
const CHECKOUT = '/api/guest/stripe/generate-checkout-session';
const PRICES = `/ride/${DEVICE}/prices?serviceId=${SERVICE_18}`;

const special = makeRate({
  name: 'Twilight',
  desc: 'After 5 pm',
  amount: 1500,
  range: {
    enabled: true,
    availableTimes: [
      { day: 6, start: '17:00', end: '21:00' },
      { day: 1, start: '17:00', end: '20:00' },
    ],
  },
});
const earlyBird = makeRate({
  name: 'Early bird',
  amount: 1200,
  availableNow: false,
  range: { enabled: true, availableTimes: [{ day: 2, start: '06:00', end: '08:00' }] },
});
const daily = makeRate({ name: 'Green fee guest', amount: 2500, duration: 270 });

function servePrices(
  answer: RatesAnswer,
  checkout: (call: RecordedCall) => Response = () =>
    json({ id: 'cs_sbx_0123456789abcdef01234567', url: 'https://pay.example/cs_1', paymentId: PAYMENT }),
  cart = makeGuestCart(),
) {
  return installFetchMock({
    [`GET /api/guest/devices/${DEVICE}`]: () => json(cart),
    [`GET ${RATES}`]: () => json(answer),
    [`POST ${CHECKOUT}`]: checkout,
  });
}

const groupOf = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;

describe('price list', () => {
  it('splits special from daily rates, with prices, durations and the unlock fee', async () => {
    const server = servePrices({ rates: [daily, special, earlyBird], unlockFee: 200 });
    renderRideAt(PRICES);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a price' })).toBeTruthy();
    expect(
      server.fetchMock.mock.calls.some(([url]) => String(url) === `${RATES}?serviceId=${SERVICE_18}`),
    ).toBe(true);

    const specials = groupOf('Special rates');
    expect(
      within(specials)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Twilight', 'Early bird']);
    expect(within(specials).getByText('€15.00')).toBeTruthy();
    expect(within(specials).getByText('Available: Mon 17:00–20:00, Sat 17:00–21:00')).toBeTruthy();

    const dailies = groupOf('Daily rates');
    expect(
      within(dailies)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Green fee guest']);
    expect(within(dailies).getByText('€25.00')).toBeTruthy();
    expect(within(dailies).getByText('+ €2.00 unlock fee')).toBeTruthy();
    expect(within(dailies).getByText('4 hours 30 minutes')).toBeTruthy();
  });

  it('shows a rate not available now disabled, with its hours', async () => {
    servePrices({ rates: [earlyBird, special], unlockFee: 0 });
    renderRideAt(PRICES);
    const button = (await screen.findByRole('button', { name: 'Choose Early bird' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const card = button.closest('li') as HTMLElement;
    expect(within(card).getByText('Not available now')).toBeTruthy();
    expect(within(card).getByText('Available: Tue 06:00–08:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose Twilight' })).toBeTruthy();
    expect(screen.queryByText(/unlock fee/)).toBeNull();
  });

  it('hides an empty group', async () => {
    servePrices({ rates: [daily], unlockFee: 0 });
    renderRideAt(PRICES);
    expect(await screen.findByRole('heading', { level: 2, name: 'Daily rates' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Special rates' })).toBeNull();
  });

  it('says when there are no rates', async () => {
    servePrices({ rates: [], unlockFee: 0 });
    renderRideAt(PRICES);
    expect(await screen.findByText('No rates found. Please ask the reception.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('says a payment was cancelled when the checkout sends the guest back', async () => {
    servePrices({ rates: [daily], unlockFee: 0 });
    renderRideAt(`${PRICES}&cancelled=1`);
    expect(await screen.findByText('Payment cancelled. You have not been charged.')).toBeTruthy();
  });

  it('shows the status instead of prices when the cart cannot be taken', async () => {
    servePrices({ rates: [daily], unlockFee: 0 }, undefined, makeGuestCart({ status: 'IN_USE' }));
    renderRideAt(PRICES);
    expect(await screen.findByText('This cart is in use by another guest.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Choose / })).toBeNull();
  });
});

describe('details step', () => {
  async function chooseDaily(checkout?: (call: RecordedCall) => Response, unlockFee = 200) {
    const server = servePrices({ rates: [daily, special], unlockFee }, checkout);
    renderRideAt(PRICES);
    fireEvent.click(await screen.findByRole('link', { name: 'Choose Green fee guest' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeTruthy();
    expect(currentUrl()).toBe(`${PRICES}&rate=${daily._id}`);
    return server;
  }
  const field = (name: string) =>
    screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  const terms = () => screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
  const pay = () => screen.getByRole('button', { name: 'Pay €27.00' });

  it('shows the total with the unlock fee', async () => {
    await chooseDaily();
    expect(screen.getByTestId('checkout-total').textContent).toBe('€27.00');
    expect(screen.getByText('€25.00')).toBeTruthy();
    expect(screen.getByText('€2.00')).toBeTruthy();
  });

  it('requires the names, a valid email and the terms, and calls nothing until they are there', async () => {
    const server = await chooseDaily();
    fireEvent.click(pay());
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy();
    expect(document.activeElement).toBe(field('First name'));

    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example');
    fireEvent.click(pay());
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
    expect(server.callsTo('POST', CHECKOUT)).toHaveLength(0);
  });

  it('shows the terms on demand', async () => {
    await chooseDaily();
    const toggle = screen.getByRole('button', { name: 'Read the terms and conditions' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(
      screen.getByRole('button', { name: 'Hide the terms and conditions' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.getByRole('region', { name: 'Terms and conditions' }).textContent).toContain(
      'The driver must be 16 or older.',
    );
  });

  it('starts the checkout with the chosen rate and goes to the provider', async () => {
    const server = await chooseDaily();
    type('First name', '  Ada ');
    type('Last name', 'Lovelace');
    type('Email', ' Ada@Example.COM ');
    fireEvent.click(terms());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(pay());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(server.callsTo('POST', CHECKOUT)[0]!.body).toEqual({
      siteId: SITE,
      rateId: daily._id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      deviceId: DEVICE,
      success_url: `${window.location.origin}/ride/${DEVICE}/session/pending?payment={CHECKOUT_SESSION_ID}`,
      cancel_url: `${window.location.origin}/ride/${DEVICE}/prices?serviceId=${SERVICE_18}&cancelled=1`,
    });
    expect(readCheckoutDetails()).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
    expect(readPendingPayment()).toEqual({ paymentId: PAYMENT, deviceId: DEVICE });
  });

  it('prefills the remembered details', async () => {
    saveCheckoutDetails({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    await chooseDaily();
    expect(field('First name').value).toBe('Grace');
    expect(field('Last name').value).toBe('Hopper');
    expect(field('Email').value).toBe('grace@example.com');
  });

  it("shows the server's refusal and stays", async () => {
    await chooseDaily(() =>
      json({ message: 'This price is not available at this time', code: 'rateUnavailable' }, 409),
    );
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    fireEvent.click(terms());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(pay());
    expect((await screen.findByRole('alert')).textContent).toBe('This price is not available at this time');
    expect(assign).not.toHaveBeenCalled();
    expect((pay() as HTMLButtonElement).disabled).toBe(false);
  });

  it("translates a cart status refusal and falls back to the server's message", async () => {
    let answer = json({ message: 'This cart is offline', code: 'OFFLINE' }, 409);
    await chooseDaily(() => answer);
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    fireEvent.click(terms());
    fireEvent.click(pay());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This cart is offline. Please choose another cart or ask the reception.',
    );
    answer = json({ message: 'Return addresses must point to this site', code: 'returnUrl' }, 400);
    fireEvent.click(pay());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Return addresses must point to this site'),
    );
  });

  it('goes back to the list', async () => {
    await chooseDaily();
    fireEvent.click(screen.getByRole('link', { name: 'Choose another price' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a price' })).toBeTruthy();
    expect(currentUrl()).toBe(PRICES);
  });
});
