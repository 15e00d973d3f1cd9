import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCart, SITE_A, SITE_B } from '../../test/carts';
import { FakeSocket } from '../../test/fake-socket';
import { createRealtimeStore, type RealtimeStore } from './realtime-store';
import { bindSiteSocket } from './site-socket';

let socket: FakeSocket;
let store: RealtimeStore;
const refreshToken = vi.fn<() => Promise<unknown>>();
const onSessionLost = vi.fn<() => void>();

function bind() {
  return bindSiteSocket(socket.asSocket(), store, {
    refreshToken,
    isSessionLost: (error) => error === 'refused',
    onSessionLost,
    authRetryDelayMs: 1_000,
  });
}

beforeEach(() => {
  socket = new FakeSocket();
  store = createRealtimeStore();
  refreshToken.mockReset();
  onSessionLost.mockReset();
});

afterEach(() => vi.useRealTimers());

describe('bindSiteSocket', () => {
  it('joins the site and asks for its carts on connect, then stores the acknowledged list', () => {
    const binding = bind();
    binding.setSite(SITE_A);
    socket.receive('connect');

    expect(socket.emitted.map((entry) => [entry.event, entry.args[0]])).toEqual([
      ['join:site', SITE_A],
      ['get:site:devices', SITE_A],
    ]);
    const carts = [makeCart(), makeCart()];
    socket.ackOf('get:site:devices')({ ok: true, data: carts });

    expect(store.getState()).toMatchObject({ connection: 'connected', devicesLoaded: true });
    expect(Object.keys(store.getState().devicesById)).toEqual(carts.map((cart) => cart._id));
  });

  it('applies a device:updates batch by _id in one store change and skips entries that are not carts', () => {
    const binding = bind();
    binding.setSite(SITE_A);
    socket.receive('connect');
    const [cart, other] = [makeCart(), makeCart()];
    socket.receive('site:devices', { siteId: SITE_A, devices: [cart, other] });
    const changes = vi.fn();
    store.subscribe(changes);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const newcomer = makeCart();
    socket.receive('device:updates', {
      siteId: SITE_A,
      devices: [
        { ...cart, gpsCoordinates: '50.5,14.5' },
        { _id: other._id, gpsCoordinates: 'broken' },
        { ...other, lockStatus: 0 },
        newcomer,
      ],
    });

    expect(changes).toHaveBeenCalledTimes(1);
    const { devicesById } = store.getState();
    expect(devicesById[cart._id]?.gpsCoordinates).toBe('50.5,14.5');
    expect(devicesById[other._id]?.lockStatus).toBe(0);
    expect(devicesById[newcomer._id]).toEqual(newcomer);
    expect(warn).toHaveBeenCalledTimes(1);

    socket.receive('device:updates', { siteId: SITE_A, devices: 'not a list' });
    expect(changes).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("asks for the site's carts again on booking:update, so their bookings of the day follow (issue 17)", () => {
    const binding = bind();
    binding.setSite(SITE_A);
    socket.receive('connect');
    socket.ackOf('get:site:devices')({ ok: true, data: [makeCart()] });
    socket.emitted.length = 0;

    socket.receive('booking:update', { _id: 'b1', site: SITE_B });
    expect(socket.emitted).toEqual([]);
    socket.receive('booking:update', { _id: 'b1', site: SITE_A });
    expect(socket.emitted.map((entry) => [entry.event, entry.args[0]])).toEqual([
      ['get:site:devices', SITE_A],
    ]);
    const booked = makeCart({ displayLockStatus: 'booked' });
    socket.ackOf('get:site:devices')({ ok: true, data: [booked] });
    expect(store.getState().devicesById[booked._id]?.displayLockStatus).toBe('booked');
  });

  it('leaves the old room and joins the new one when the site changes', () => {
    const binding = bind();
    binding.setSite(SITE_A);
    socket.receive('connect');
    socket.emitted.length = 0;

    binding.setSite(SITE_B);

    expect(socket.emitted.map((entry) => [entry.event, entry.args[0]])).toEqual([
      ['leave:site', SITE_A],
      ['join:site', SITE_B],
      ['get:site:devices', SITE_B],
    ]);
    expect(store.getState()).toMatchObject({ siteId: SITE_B, devicesById: {} });
  });

  it('reports the connection state for the disconnected warning', () => {
    bind().setSite(SITE_A);
    socket.receive('connect');
    socket.receive('disconnect', 'transport close');
    expect(store.getState().connection).toBe('disconnected');
    socket.receive('connect');
    expect(store.getState().connection).toBe('connected');
  });

  it('reconnects by itself when the server dropped the connection', () => {
    bind().setSite(SITE_A);
    socket.receive('connect');
    socket.receive('disconnect', 'io server disconnect');
    expect(socket.connectCalls).toBe(1);
  });

  it('shows the reconnect after the server dropped the socket (its token expired) as connecting, not lost', () => {
    bind().setSite(SITE_A);
    socket.receive('connect');
    socket.receive('disconnect', 'io server disconnect');
    expect(store.getState().connection).toBe('connecting');
    socket.receive('connect');
    expect(store.getState().connection).toBe('connected');
  });

  it('refreshes the token and reconnects after a refused handshake', async () => {
    vi.useFakeTimers();
    refreshToken.mockResolvedValue('new-token');
    bind().setSite(SITE_A);

    socket.receive('connect_error', new Error('unauthorized'));
    await vi.runAllTimersAsync();

    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(1);
    expect(store.getState().connection).toBe('disconnected');
  });

  it('ends the session when the refresh is refused', async () => {
    vi.useFakeTimers();
    refreshToken.mockRejectedValue('refused');
    bind().setSite(SITE_A);

    socket.receive('connect_error', new Error('unauthorized'));
    await vi.runAllTimersAsync();

    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(0);
  });

  it("leaves transport errors to Socket.IO's own reconnection", () => {
    bind().setSite(SITE_A);
    socket.receive('connect_error', new Error('xhr poll error'));
    expect(refreshToken).not.toHaveBeenCalled();
    expect(store.getState().connection).toBe('disconnected');
  });

  it('shows the disconnection as soon as the browser goes offline, and clears it when back online', () => {
    const browser = new EventTarget();
    const binding = bindSiteSocket(socket.asSocket(), store, {
      refreshToken,
      isSessionLost: () => false,
      onSessionLost,
      connectivity: browser,
    });
    binding.setSite(SITE_A);
    socket.receive('connect');

    browser.dispatchEvent(new Event('offline'));
    expect(store.getState().connection).toBe('disconnected');
    browser.dispatchEvent(new Event('online'));
    expect(store.getState().connection).toBe('connected');

    binding.dispose();
    browser.dispatchEvent(new Event('offline'));
    expect(store.getState().connection).toBe('connected');
  });

  it('removes its listeners and disconnects on dispose', () => {
    const binding = bind();
    binding.dispose();
    expect(socket.listenerCount('device:updates')).toBe(0);
    expect(socket.listenerCount('connect')).toBe(0);
    expect(socket.connected).toBe(false);
  });
});
