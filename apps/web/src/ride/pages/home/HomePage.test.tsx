import type { GuestCartStatus, GuestCartView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { readSavedSession, saveSession } from '../../lib/ride-storage';
import {
  DEVICE,
  makeGuestCart,
  makeRide,
  OTHER_DEVICE,
  SERVICE_18,
  SERVICE_9,
  SESSION,
  SITE,
} from '../../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../../test/render';
import { makePublicSite } from '../../portal/portal-fixtures';

resetRideAroundEachTest();

const HOME = `/ride/${DEVICE}`;

function serveCart(cart: GuestCartView | Response, routes: Parameters<typeof installFetchMock>[0] = {}) {
  return installFetchMock({
    [`GET /api/guest/devices/${DEVICE}`]: () => (cart instanceof Response ? cart : json(cart)),
    ...routes,
  });
}

describe('cart page header', () => {
  it("shows the cart's number, the club, the battery and a language choice", async () => {
    serveCart(makeGuestCart({ battery: 64, charging: true, siteLogoUrl: '/logo.png' }));
    renderRideAt(HOME);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart 7' })).toBeTruthy();
    expect(screen.getByText('Demo Golf Club')).toBeTruthy();
    expect(screen.getByText(/Battery 64%/).textContent).toBe('Battery 64% · Charging');
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/logo.png');
    // The title follows in the layout's effect, which may run after the heading's render (flaky in CI).
    await waitFor(() => expect(document.title).toBe('Cart 7 · Demo Golf Club'));
  });

  it('switches the language, remembers it and sets the document language', async () => {
    serveCart(makeGuestCart());
    renderRideAt(HOME);
    await screen.findByRole('heading', { name: 'Cart 7' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'da' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bil 7' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vælg en pris' })).toBeTruthy();
    expect(window.localStorage.getItem('fairway.locale')).toBe('da');
    expect(document.documentElement.lang).toBe('da');
  });
});

describe('status panels', () => {
  const refused: [GuestCartStatus, string, string][] = [
    ['IN_USE', 'In use', 'This cart is in use by another guest.'],
    ['KEYMODE', 'Key required', 'This cart requires a key. Please ask the reception.'],
    ['OFFLINE', 'Offline', 'This cart is offline. Please choose another cart or ask the reception.'],
    ['OUT_OF_SERVICE', 'Out of service', 'This cart is out of service. Please choose another cart.'],
    ['BOOKED', 'Booked', 'This cart is booked. Please choose another cart.'],
    ['SITE_CLOSED', 'Closed', 'The club is closed. Carts can be taken during opening hours.'],
  ];

  it.each(refused)('%s: its message, no way to buy', async (status, title, message) => {
    serveCart(makeGuestCart({ status }));
    renderRideAt(HOME);
    const heading = await screen.findByRole('heading', { level: 2, name: title });
    const panel = heading.closest('[data-status]') as HTMLElement;
    expect(panel.dataset.status).toBe(status);
    expect(within(panel).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose a price' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Have a code?' })).toBeNull();
  });

  it('AVAILABLE: a price button for the chosen service and the code entry', async () => {
    serveCart(makeGuestCart());
    renderRideAt(HOME);
    expect(await screen.findByRole('heading', { level: 2, name: 'Available' })).toBeTruthy();
    const choose = screen.getByRole('link', { name: 'Choose a price' });
    expect(choose.getAttribute('href')).toBe(`/ride/${DEVICE}/prices?serviceId=${SERVICE_18}`);
    expect(screen.getByRole('button', { name: /18 holes/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /9 holes/ }));
    expect(screen.getByRole('button', { name: /9 holes/ }).getAttribute('aria-pressed')).toBe('true');
    expect(choose.getAttribute('href')).toBe(`/ride/${DEVICE}/prices?serviceId=${SERVICE_9}`);
    expect(screen.getByRole('button', { name: 'Have a code?' })).toBeTruthy();

    fireEvent.click(choose);
    await waitFor(() => expect(currentUrl()).toBe(`/ride/${DEVICE}/prices?serviceId=${SERVICE_9}`));
  });

  it('AVAILABLE without card payments: only the code', async () => {
    serveCart(makeGuestCart({ paymentsActive: false }));
    renderRideAt(HOME);
    expect(
      await screen.findByText(
        'Card payment is not available for this cart. Please ask the reception for a code.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose a price' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Have a code?' })).toBeTruthy();
  });
});

describe('loading, errors, unknown carts', () => {
  it('says a cart does not exist', async () => {
    serveCart(json({ message: 'Cart not found' }, 404));
    renderRideAt(HOME);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart not found' })).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    let calls = 0;
    installFetchMock({
      [`GET /api/guest/devices/${DEVICE}`]: () =>
        ++calls === 1 ? json({ message: 'Internal Server Error' }, 500) : json(makeGuestCart()),
    });
    renderRideAt(HOME);
    expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart 7' })).toBeTruthy();
  });

  it('says the phone is offline when it is', async () => {
    const { fetchMock } = serveCart(makeGuestCart());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const onLine = vi.spyOn(Navigator.prototype, 'onLine', 'get').mockReturnValue(false);
    try {
      renderRideAt(HOME);
      expect(
        await screen.findByText('It looks like you are offline. Check your connection and reload the page.'),
      ).toBeTruthy();
    } finally {
      onLine.mockRestore();
    }
  });

  it('says the server cannot be reached when the phone is online', async () => {
    const { fetchMock } = serveCart(makeGuestCart());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderRideAt(HOME);
    expect(
      await screen.findByText('The server cannot be reached right now. Please try again in a moment.'),
    ).toBeTruthy();
  });

  it('shows placeholders while loading', async () => {
    serveCart(makeGuestCart());
    renderRideAt(HOME);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('heading', { name: 'Cart 7' });
  });

  it('/unlock/:id goes to the cart page on a scan-to-ride club', async () => {
    serveCart(makeGuestCart(), {
      [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite({ scanToRideToggle: true })),
    });
    renderRideAt(`/unlock/${DEVICE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart 7' })).toBeTruthy();
    expect(currentUrl()).toBe(HOME);
  });

  it('an unknown address is a not-found page', async () => {
    renderRideAt(`/ride/${DEVICE}/nowhere`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('a saved session', () => {
  const RIDE_PATH = `/api/guest/rides/${SESSION}`;

  it('leads straight to the session page when the cart is in use', async () => {
    saveSession({ sessionId: SESSION, deviceId: DEVICE });
    serveCart(makeGuestCart({ status: 'IN_USE' }), { [`GET ${RIDE_PATH}`]: () => json(makeRide()) });
    renderRideAt(HOME);
    await waitFor(() => expect(currentUrl()).toBe(`/ride/${DEVICE}/session/${SESSION}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enjoy your ride!' })).toBeTruthy();
  });

  it('leads to the session page when the saved ride is still open (a paused ride on an offline cart)', async () => {
    saveSession({ sessionId: SESSION, deviceId: DEVICE });
    serveCart(makeGuestCart({ status: 'OFFLINE' }), {
      [`GET ${RIDE_PATH}`]: () => json(makeRide({ stage: 'paused' })),
    });
    renderRideAt(HOME);
    await waitFor(() => expect(currentUrl()).toBe(`/ride/${DEVICE}/session/${SESSION}`));
  });

  it('is dropped when it belongs to another cart', async () => {
    saveSession({ sessionId: SESSION, deviceId: OTHER_DEVICE });
    const server = serveCart(makeGuestCart({ status: 'IN_USE' }));
    renderRideAt(HOME);
    expect(await screen.findByText('This cart is in use by another guest.')).toBeTruthy();
    expect(readSavedSession()).toBeNull();
    expect(server.callsTo('GET', RIDE_PATH)).toHaveLength(0);
  });

  it('is dropped when its ride has ended', async () => {
    saveSession({ sessionId: SESSION, deviceId: DEVICE });
    serveCart(makeGuestCart(), {
      [`GET ${RIDE_PATH}`]: () =>
        json(makeRide({ stage: 'ended', status: 0, end: '2026-06-01T12:00:00.000Z' })),
    });
    renderRideAt(HOME);
    expect(await screen.findByRole('link', { name: 'Choose a price' })).toBeTruthy();
    expect(readSavedSession()).toBeNull();
    expect(currentUrl()).toBe(HOME);
  });

  it('is dropped when the server does not know it', async () => {
    saveSession({ sessionId: SESSION, deviceId: DEVICE });
    serveCart(makeGuestCart(), {
      [`GET ${RIDE_PATH}`]: () =>
        json({ message: 'Session not found or ended', code: 'sessionNotFound' }, 404),
    });
    renderRideAt(HOME);
    expect(await screen.findByRole('link', { name: 'Choose a price' })).toBeTruthy();
    expect(readSavedSession()).toBeNull();
  });

  it('is kept when the check could not reach the server', async () => {
    saveSession({ sessionId: SESSION, deviceId: DEVICE });
    serveCart(makeGuestCart(), { [`GET ${RIDE_PATH}`]: () => json({ message: 'Bad gateway' }, 502) });
    renderRideAt(HOME);
    expect(await screen.findByRole('link', { name: 'Choose a price' })).toBeTruthy();
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });
  });
});
