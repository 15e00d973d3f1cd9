import type { GuestKeyView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json, type RecordedCall } from '../../test/fetch-mock';
import { bookingCodeOf, keyCodeOf, rememberKeyCode } from '../lib/guest-codes';
import { SITE } from '../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../test/render';
import {
  BOOKING,
  CART_10,
  KEY_ID,
  SERVICE_A,
  makeKeyCarts,
  makeKeyServices,
  makeKeyView,
  makePublicSite,
} from './portal-fixtures';

resetRideAroundEachTest();
beforeAll(() => import('./VirtualKeyPage'), 30_000);

const PAGE = `/guest/site/${SITE}/virtual-key/${KEY_ID}`;
const SERVICES = `/api/guest/sites/${SITE}/key-services`;
const CARTS = `/api/guest/sites/${SITE}/key-carts`;

type Routes = Record<string, (call: RecordedCall) => Response>;

function openKeyPage({
  key = makeKeyView(),
  credits = 3,
  routes = {},
  site = makePublicSite(),
}: {
  key?: GuestKeyView | Response;
  credits?: number;
  routes?: Routes;
  site?: ReturnType<typeof makePublicSite>;
} = {}) {
  rememberKeyCode('key', SITE, KEY_ID, '135790');
  const server = installFetchMock({
    [`GET /api/guest/sites/${SITE}`]: () => json(site),
    [`GET /api/guest/sites/${SITE}/virtual-keys`]: () => (key instanceof Response ? key : json(key)),
    [`GET ${SERVICES}`]: () => json(makeKeyServices(credits)),
    [`GET ${CARTS}`]: () => json(makeKeyCarts()),
    ...routes,
  });
  renderRideAt(PAGE);
  return server;
}

const serviceRadio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the key', () => {
  it('without a typed code goes back to the club home', async () => {
    installFetchMock({ [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite()) });
    renderRideAt(PAGE);
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}`));
  });

  it('shows the credits badge, which opens the key details; the back arrow leads home', async () => {
    const server = openKeyPage({
      key: makeKeyView({ userGroupName: null, allDevices: false, devices: ['3', '7'], credits: 5 }),
    });
    const badge = await screen.findByRole('button', { name: 'Credits: 5' });
    expect(server.queriesTo(`/api/guest/sites/${SITE}/virtual-keys`)[0]).toEqual({ code: '135790' });
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByRole('region', { name: 'Key details' });
    const facts = [...details.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling!.textContent,
    ]);
    expect(facts).toEqual([
      ['Driver', 'Anna Müller'],
      ['Email', 'anna@example.com'],
      ['User group', 'N/A'],
      ['Credits', '5'],
      ['Valid carts', '3, 7'],
      ['Status', 'Enabled'],
      ['Expires', 'Never'],
    ]);
    expect(screen.getByRole('link', { name: "Back to the club's page" }).getAttribute('href')).toBe(
      `/guest/site/${SITE}`,
    );
  });

  it('says Unlimited for negative credits, with all carts', async () => {
    openKeyPage({ key: makeKeyView({ credits: -1 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlimited' }));
    const details = screen.getByRole('region', { name: 'Key details' });
    expect(within(details).getByText('All carts')).toBeTruthy();
  });

  it('the close icon forgets the key and returns home', async () => {
    openKeyPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Close the key' }));
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}`));
    expect(keyCodeOf('key', SITE, KEY_ID)).toBeNull();
  });

  it("a refused lookup forgets the key and says 'An error occurred' with the way home", async () => {
    openKeyPage({ key: json({ message: 'This virtual key is disabled', code: 'keyDisabled' }, 403) });
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByText('This virtual key is disabled')).toBeTruthy();
    // Forgotten by an effect after the page shows the refusal.
    await waitFor(() => expect(keyCodeOf('key', SITE, KEY_ID)).toBeNull());
    const main = document.getElementById('ride-main')!;
    fireEvent.click(within(main).getByRole('link', { name: "Back to the club's page" }));
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}`));
  });

  it('no answer keeps the key and offers a retry', async () => {
    let calls = 0;
    openKeyPage({
      routes: {
        [`GET /api/guest/sites/${SITE}/virtual-keys`]: () =>
          ++calls === 1 ? json({ message: 'boom' }, 503) : json(makeKeyView()),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Credits: 5' })).toBeTruthy();
    expect(keyCodeOf('key', SITE, KEY_ID)).toBe('135790');
  });

  it('a closed club shows the hours and the master entry instead of the booking form', async () => {
    openKeyPage({ site: makePublicSite({ openingHours: [null, null, null, null, null, null, null] }) });
    expect(await screen.findByRole('region', { name: 'The club is closed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter master code' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Book a cart' })).toBeNull();
  });
});

describe('the booking form', () => {
  it('offers only services with an applicable price, disabled when the credits do not cover it', async () => {
    openKeyPage({ credits: 3 });
    await screen.findByRole('heading', { name: 'Book a cart' });
    const group = await screen.findByRole('radiogroup', { name: '1. Choose a service' });
    const names = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')!.textContent);
    // 9 holes has only another group's price: hidden.
    expect(names).toEqual([
      '18 holes 4 hours 30 minutes · Credits: 2',
      'Day pass 10 hours · Credits: 10 Not enough credits',
    ]);
    // The members' 2 credits win over the guest price's 4.
    expect(serviceRadio(/18 holes/).disabled).toBe(false);
    expect(serviceRadio(/Day pass/).disabled).toBe(true);
  });

  it('with unlimited credits every applicable service can be chosen', async () => {
    openKeyPage({ credits: -1 });
    await screen.findByRole('radiogroup', { name: '1. Choose a service' });
    expect(serviceRadio(/Day pass/).disabled).toBe(false);
  });

  it('says when no service can be booked', async () => {
    openKeyPage({
      credits: 3,
      routes: { [`GET ${SERVICES}`]: () => json({ ...makeKeyServices(), services: [] }) },
    });
    expect(await screen.findByText('No service can be booked with your key right now.')).toBeTruthy();
  });

  it('says when no cart is free', async () => {
    openKeyPage({ routes: { [`GET ${CARTS}`]: () => json(makeKeyCarts([])) } });
    fireEvent.click(await screen.findByRole('radio', { name: /18 holes/ }));
    expect(
      await screen.findByText('No cart is free right now. Please try again later or choose another service.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book now' })).toBeNull();
  });

  it('lists carts recommended first, sums the booking up and books it, then unlocks the cart', async () => {
    const server = openKeyPage({
      routes: {
        'POST /api/guest/bookings': () =>
          json({ bookingId: BOOKING, deviceId: CART_10, code: '864209', credits: 1 }, 201),
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: /18 holes/ }));
    const carts = await screen.findByRole('radiogroup', { name: '2. Choose a cart' });
    expect(server.queriesTo(CARTS)[0]).toEqual({ code: '135790', serviceId: SERVICE_A });
    expect(
      within(carts)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['Cart 10 Recommended', 'Cart 1', 'Cart 2']);
    expect(screen.queryByRole('button', { name: 'Book now' })).toBeNull();
    fireEvent.click(within(carts).getByRole('radio', { name: /Cart 10/ }));

    const summary = screen.getByRole('region', { name: '3. Summary' });
    const facts = [...summary.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling!.textContent,
    ]);
    expect(facts).toEqual([
      ['Start', 'Nov 26, 2026, 10:00 AM'],
      ['End', 'Nov 26, 2026, 2:30 PM'],
      ['Duration', '4 hours 30 minutes'],
      ['Credits', '2'],
      ['Service', '18 holes'],
      ['Price', 'Member 18'],
      ['Cart', 'Cart 10'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() =>
      expect(currentUrl()).toBe(`/ride/${CART_10}/booking/${BOOKING}?reservationCode=864209`),
    );
    expect(server.callsTo('POST', '/api/guest/bookings')[0]!.body).toEqual({
      siteId: SITE,
      code: '135790',
      serviceId: SERVICE_A,
      priceId: makeKeyServices().services[0]!.prices[1]!._id,
      deviceId: CART_10,
      start: '2026-11-26T09:00:00.000Z',
      end: '2026-11-26T13:30:00.000Z',
    });
    expect(bookingCodeOf(BOOKING)).toBe('864209');
  });

  it('a cart taken meanwhile: says so and reads the carts again', async () => {
    const server = openKeyPage({
      routes: {
        'POST /api/guest/bookings': () => json({ message: 'overlap', code: 'overlap' }, 409),
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: /18 holes/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /Cart 1$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This cart has just been booked. Please choose another cart.',
    );
    await waitFor(() => expect(server.callsTo('GET', CARTS)).toHaveLength(2));
    expect(currentUrl()).toBe(PAGE);
    expect(screen.queryByRole('button', { name: 'Book now' })).toBeNull();
  });
});

/** vi.waitFor checks on the real clock (the fake one moves only when told). */
const WAIT = { timeout: 10_000, interval: 20 };

describe('idle expiry', () => {
  it("shows 'Session Expired' after 3 idle minutes; OK starts the form again", async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: new Date('2026-11-26T09:00:00Z'),
    });
    const server = openKeyPage();
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: /18 holes/ })).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByRole('radio', { name: /18 holes/ }));
    await vi.waitFor(
      () => expect(screen.getByRole('radiogroup', { name: '2. Choose a cart' })).toBeTruthy(),
      WAIT,
    );

    // Touches keep the form alive…
    await vi.advanceTimersByTimeAsync(170_000);
    fireEvent.pointerDown(document.body);
    await vi.advanceTimersByTimeAsync(170_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // …three minutes without any expire it.
    await vi.advanceTimersByTimeAsync(10_000);
    const dialog = await vi.waitFor(() => screen.getByRole('alertdialog', { name: 'Session Expired' }), WAIT);
    expect(server.callsTo('GET', SERVICES)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(server.callsTo('GET', SERVICES)).toHaveLength(2), WAIT);
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: /18 holes/ })).toBeTruthy(), WAIT);
    expect((screen.getByRole('radio', { name: /18 holes/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('radiogroup', { name: '2. Choose a cart' })).toBeNull();
  });
});
