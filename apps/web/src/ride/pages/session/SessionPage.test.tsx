import type { GuestRideView } from '@fairway/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import type { FakeSocket } from '../../../test/fake-socket';
import { readSavedSession, saveSession } from '../../lib/ride-storage';
import { DEVICE, makeGuestCart, makeRide, SESSION } from '../../test/fixtures';
import { advance, renderWithI18n, resetRideAroundEachTest, useFakeClock } from '../../test/render';
import SessionPage from './SessionPage';

const sockets = vi.hoisted(() => ({ opened: [] as unknown[] }));
vi.mock('../../lib/guest-socket', async () => {
  const { FakeSocket: Fake } = await import('../../../test/fake-socket');
  return {
    openGuestSocket: vi.fn(async () => {
      const socket = new Fake();
      sockets.opened.push(socket);
      return socket;
    }),
  };
});

resetRideAroundEachTest();
beforeEach(() => {
  sockets.opened.length = 0;
  useFakeClock('2026-06-01T10:00:00Z');
});

const RIDE = `/api/guest/rides/${SESSION}`;
const T0 = '2026-06-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const awaiting = (overrides: Partial<GuestRideView> = {}) =>
  makeRide({ stage: 'awaiting', confirmed: false, unlockRequestedAt: T0, serverTime: T0, ...overrides });

type Handler = (call: RecordedCall) => Response;

/**
 * Serves the ride as a server would: stamped with the server's time, which runs `skewMs` ahead of the
 * phone's (the fixture's serverTime only sets the skew of the first answer).
 */
function serveRide(ride: GuestRideView | Response, actions: Partial<Record<string, Handler>> = {}) {
  let current: GuestRideView | Response = ride;
  const skewMs = ride instanceof Response ? 0 : Date.parse(ride.serverTime) - Date.now();
  const stamped = (view: GuestRideView) => ({
    ...view,
    serverTime: new Date(Date.now() + skewMs).toISOString(),
  });
  const routes: Record<string, Handler> = {
    [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart({ status: 'IN_USE' })),
    [`GET ${RIDE}`]: () => (current instanceof Response ? current : json(stamped(current))),
  };
  for (const [action, handler] of Object.entries(actions)) routes[`POST ${RIDE}/${action}`] = handler!;
  const server = installFetchMock(routes);
  return { ...server, setRide: (next: GuestRideView | Response) => (current = next) };
}

async function openSession() {
  renderWithI18n(<SessionPage deviceId={DEVICE} sessionId={SESSION} />);
  await advance();
}

const socket = () => sockets.opened.at(-1) as FakeSocket;
const liveRegion = () => screen.getByRole('status');
const ridePolls = (server: ReturnType<typeof serveRide>) => server.callsTo('GET', RIDE).length;

async function play(ride: GuestRideView) {
  await act(async () => socket().receive('ride:update', ride));
}

describe('waiting for the cart', () => {
  it("tells each phase of the unlock, from the server's attempts, in a polite live region", async () => {
    serveRide(awaiting({ unlockAttempts: 0, unlockRequestedAt: null }));
    await openSession();
    expect(screen.getByRole('heading', { level: 1, name: 'Unlocking your cart' })).toBeTruthy();
    expect(screen.getByTestId('unlock-animation')).toBeTruthy();
    expect(liveRegion().getAttribute('aria-live')).toBe('polite');
    expect(liveRegion().textContent).toBe("Checking the cart's status…");

    await play(awaiting({ unlockAttempts: 1, serverTime: at(1) }));
    expect(liveRegion().textContent).toBe('Unlocking the cart…');
    await advance(5_000);
    await play(awaiting({ unlockAttempts: 2, serverTime: at(6) }));
    expect(liveRegion().textContent).toBe('Trying again…');
    await advance(5_000);
    await play(awaiting({ unlockAttempts: 3, serverTime: at(11) }));
    expect(liveRegion().textContent).toBe('Trying one last time…');
  });

  it('fails after 20 s unconfirmed, retries once, then sends the guest to the reception', async () => {
    const retried = awaiting({ unlockRequestedAt: at(20), serverTime: at(20), retriesLeft: 0 });
    const server = serveRide(awaiting(), { retry: () => json(retried) });
    await openSession();
    expect(liveRegion().textContent).toBe('Unlocking the cart…');

    await advance(19_000);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to unlock' })).toBeTruthy();
    expect(liveRegion().textContent).toBe('The cart did not confirm the unlock. You can try once more.');

    server.setRide(retried);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance();
    expect(server.callsTo('POST', `${RIDE}/retry`)).toHaveLength(1);
    expect(liveRegion().textContent).toBe('Unlocking the cart…');
    expect(screen.getByRole('heading', { level: 1, name: 'Unlocking your cart' })).toBeTruthy();

    await advance(20_000);
    expect(liveRegion().textContent).toBe('Failed to unlock. Please contact the reception.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("runs the 20 s on the server's clock, not the phone's", async () => {
    // The phone is 15 s behind the server: 15 of the 20 s have already passed.
    serveRide(awaiting({ serverTime: at(15) }));
    await openSession();
    expect(liveRegion().textContent).toBe('Unlocking the cart…');
    await advance(5_000);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says a paid unlock that failed was refunded', async () => {
    serveRide(
      awaiting({
        retriesLeft: 0,
        unlockRequestedAt: at(-30),
        payment: { status: 'succeeded', refunded: true, total: 2700, currency: 'EUR' },
      }),
    );
    await openSession();
    expect(liveRegion().textContent).toBe('Failed to unlock. Please contact the reception.');
    expect(screen.getByText('Your payment has been refunded.')).toBeTruthy();
  });

  it('shows an inline error when the retry is refused', async () => {
    serveRide(awaiting({ unlockRequestedAt: at(-25) }), {
      retry: () =>
        json({ message: 'Failed to unlock, please contact the reception', code: 'noRetryLeft' }, 409),
    });
    await openSession();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance();
    expect(screen.getByRole('alert').textContent).toBe('Failed to unlock, please contact the reception');
  });

  it('moves on to the ride when the cart confirms', async () => {
    serveRide(awaiting());
    await openSession();
    await play(makeRide({ serverTime: at(3) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Enjoy your ride!' })).toBeTruthy();
  });
});

describe('the ride', () => {
  it('congratulates, shows the driver, the start, the tags, and ticks the elapsed time each second', async () => {
    serveRide(
      makeRide({
        start: T0,
        serverTime: at(300),
        rideTags: [
          { text: 'Members', color: '#1d4a27' },
          { text: 'Buggy', color: '#ffeb3b' },
        ],
      }),
    );
    await openSession();
    expect(screen.getByRole('heading', { level: 1, name: 'Enjoy your ride!' })).toBeTruthy();
    expect(screen.getByText('Congratulations, the cart is unlocked.')).toBeTruthy();
    expect(screen.getByText(/^Drive carefully/)).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(
      screen.getByText(
        new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(T0)),
      ),
    ).toBeTruthy();
    const tags = within(screen.getByRole('list', { name: 'Ride tags' }));
    const members = tags.getByText('Members').closest('.MuiChip-root') as HTMLElement;
    expect(getComputedStyle(members).backgroundColor).toBe('rgb(29, 74, 39)');
    expect(getComputedStyle(members).color).toBe('rgb(255, 255, 255)');
    expect(tags.getByText('Buggy')).toBeTruthy();

    const elapsed = screen.getByRole('timer', { name: 'Elapsed time' });
    expect(elapsed.textContent).toBe('5:00');
    await advance(1_000);
    expect(elapsed.textContent).toBe('5:01');
    await advance(3_600_000);
    expect(elapsed.textContent).toBe('1:05:01');
  });

  it('names the driver by email when there is no name, and colours tags with readable text', async () => {
    serveRide(
      makeRide({
        meta: { name: null, email: 'ada@example.com' },
        rideTags: [{ text: 'VIP', color: '#ffeb3b' }],
      }),
    );
    await openSession();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    const chip = screen.getByText('VIP').closest('.MuiChip-root') as HTMLElement;
    expect(getComputedStyle(chip).backgroundColor).toBe('rgb(255, 235, 59)');
    expect(getComputedStyle(chip).color).toBe('rgb(0, 0, 0)');
  });

  it('pauses (the cart locks) and resumes', async () => {
    const server = serveRide(makeRide(), {
      pause: () => json(makeRide({ stage: 'paused', serverTime: at(60) })),
      resume: () => json(makeRide({ stage: 'active', serverTime: at(120) })),
    });
    await openSession();
    fireEvent.click(screen.getByRole('button', { name: 'Pause ride' }));
    await advance();
    expect(server.callsTo('POST', `${RIDE}/pause`)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Ride paused' })).toBeTruthy();
    expect(screen.getByText('Ride paused, the cart is locked.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End ride' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resume ride' }));
    await advance();
    expect(server.callsTo('POST', `${RIDE}/resume`)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Enjoy your ride!' })).toBeTruthy();
  });

  it('shows a refused action inline (the cart did not answer)', async () => {
    serveRide(makeRide(), {
      pause: () =>
        json({ message: 'The cart did not answer, please try again', code: 'cartDidNotAnswer' }, 409),
    });
    await openSession();
    fireEvent.click(screen.getByRole('button', { name: 'Pause ride' }));
    await advance();
    expect(screen.getByRole('alert').textContent).toBe('The cart did not answer, please try again');
    expect(screen.getByRole('heading', { level: 1, name: 'Enjoy your ride!' })).toBeTruthy();
  });

  it('ends the ride after confirming, then shows the ride-ended page and forgets the ride', async () => {
    saveSession({ sessionId: SESSION, deviceId: DEVICE });
    const ended = makeRide({
      stage: 'ended',
      status: 0,
      end: at(3_725),
      duration: 3_725,
      distance: 4.26,
      endReason: 'guest',
      serverTime: at(3_725),
    });
    const server = serveRide(makeRide(), { end: () => json(ended) });
    await openSession();
    await act(async () => socket().receive('connect'));

    fireEvent.click(screen.getByRole('button', { name: 'End ride' }));
    const dialog = screen.getByRole('dialog', { name: 'End ride?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await advance(1_000);
    expect(server.callsTo('POST', `${RIDE}/end`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'End ride' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'End ride?' })).getByRole('button', { name: 'End ride' }),
    );
    await advance(1_000);
    expect(server.callsTo('POST', `${RIDE}/end`)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Ride ended' })).toBeTruthy();
    expect(screen.getByText('Thank you for riding with us!')).toBeTruthy();
    expect(screen.getByText('1 hour 2 minutes')).toBeTruthy();
    expect(screen.getByText('4.3 km')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End ride' })).toBeNull();
    expect(readSavedSession()).toBeNull();
    expect(socket().emitted.map((entry) => entry.event)).toEqual(['join-ride-updates', 'leave-ride-updates']);
    expect(socket().connected).toBe(false);
  });

  it('says so when the cart never confirmed and the server gave up', async () => {
    serveRide(
      makeRide({
        stage: 'ended',
        status: 0,
        confirmed: false,
        endReason: 'unconfirmed',
        payment: { status: 'succeeded', refunded: true, total: 2700, currency: 'EUR' },
      }),
    );
    await openSession();
    expect(screen.getByRole('heading', { level: 1, name: 'The cart could not be unlocked' })).toBeTruthy();
    expect(screen.getByText('Your payment has been refunded.')).toBeTruthy();
  });
});

describe('finding the ride', () => {
  it('shows a spinner while it loads', () => {
    serveRide(makeRide());
    renderWithI18n(<SessionPage deviceId={DEVICE} sessionId={SESSION} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('says a session is not found or ended, with the way back to the cart, and forgets it', async () => {
    saveSession({ sessionId: SESSION, deviceId: DEVICE });
    const server = serveRide(json({ message: 'Session not found or ended', code: 'sessionNotFound' }, 404));
    await openSession();
    expect(screen.getByRole('heading', { level: 1, name: 'Session not found or ended' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe(
      `/ride/${DEVICE}`,
    );
    expect(readSavedSession()).toBeNull();
    await advance(10_000);
    expect(ridePolls(server)).toBe(1);
  });

  it('remembers an open ride on the phone', async () => {
    serveRide(makeRide());
    await openSession();
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });
  });
});

describe('staying current', () => {
  it('keeps following a never-confirmed paid ride until its refund is there, then tells the guest', async () => {
    const payment = { status: 'succeeded' as const, refunded: false, total: 4050, currency: 'GBP' };
    const unconfirmed = {
      stage: 'ended' as const,
      status: 0 as const,
      confirmed: false,
      endReason: 'unconfirmed' as const,
    };
    const server = serveRide(makeRide({ ...unconfirmed, payment }));
    await openSession();
    expect(screen.queryByText('Your payment has been refunded.')).toBeNull();

    // The refund lands after the ride ended: the page asks again (no socket here) and says so.
    server.setRide(makeRide({ ...unconfirmed, payment: { ...payment, refunded: true } }));
    await advance(2_000);
    expect(screen.getByText('Your payment has been refunded.')).toBeTruthy();
    const polls = ridePolls(server);
    await advance(10_000);
    expect(ridePolls(server)).toBe(polls);
  });

  it('joins the ride room when the socket connects, and polls every 2 s only while it is not connected', async () => {
    const server = serveRide(makeRide());
    await openSession();
    expect(ridePolls(server)).toBe(1);
    await advance(2_000);
    expect(ridePolls(server)).toBe(2);

    await act(async () => socket().receive('connect'));
    expect(socket().emitted[0]).toMatchObject({
      event: 'join-ride-updates',
      args: [SESSION, expect.any(Function)],
    });
    await advance(10_000);
    expect(ridePolls(server)).toBe(2);

    await act(async () => socket().receive('disconnect'));
    await advance(2_000);
    expect(ridePolls(server)).toBe(3);
  });

  it("takes the join acknowledgement's ride and ignores other rides' and older updates", async () => {
    serveRide(makeRide({ stage: 'active', serverTime: at(10) }));
    await openSession();
    await act(async () => socket().receive('connect'));
    await act(async () =>
      socket().ackOf('join-ride-updates')({
        ok: true,
        data: makeRide({ stage: 'paused', serverTime: at(20) }),
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ride paused' })).toBeTruthy();

    await play(makeRide({ stage: 'active', serverTime: at(15) }));
    await play(
      makeRide({ _id: 'ffffffff-ffff-4fff-8fff-000000000099', stage: 'active', serverTime: at(30) }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ride paused' })).toBeTruthy();
  });

  it('leaves the room when the page closes', async () => {
    serveRide(makeRide());
    const view = renderWithI18n(<SessionPage deviceId={DEVICE} sessionId={SESSION} />);
    await advance();
    await act(async () => socket().receive('connect'));
    view.unmount();
    expect(socket().emitted.at(-1)).toEqual({ event: 'leave-ride-updates', args: [SESSION] });
    expect(socket().connected).toBe(false);
  });
});
