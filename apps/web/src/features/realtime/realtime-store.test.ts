import { describe, expect, it, vi } from 'vitest';
import { makeCart, SITE_A, SITE_B } from '../../test/carts';
import { createRealtimeStore } from './realtime-store';

describe('realtime store', () => {
  it('replaces a cart by _id with the whole payload of a device update', () => {
    const store = createRealtimeStore();
    store.resetSite(SITE_A);
    const cart = makeCart({ gpsCoordinates: '50.1,14.1', carName: 'Old name' });
    store.replaceDevices(SITE_A, [cart, makeCart()]);

    const moved = { ...cart, gpsCoordinates: '50.2,14.2', carName: 'New name', inUse: true };
    store.applyDeviceUpdate(moved);

    const state = store.getState();
    expect(Object.keys(state.devicesById)).toHaveLength(2);
    expect(state.devicesById[cart._id]).toEqual(moved);
  });

  it('applies a batch in one change: every cart replaced, a moved one dropped, another site ignored', () => {
    const store = createRealtimeStore();
    store.resetSite(SITE_A);
    const [first, second, leaving] = [makeCart(), makeCart(), makeCart()];
    store.replaceDevices(SITE_A, [first, second, leaving]);
    const before = store.getState();
    const changes = vi.fn();
    store.subscribe(changes);

    store.applyDeviceUpdates([
      { ...first, lockStatus: 0 },
      { ...second, carName: 'Renamed' },
      { ...leaving, siteID: SITE_B },
    ]);

    expect(changes).toHaveBeenCalledTimes(1);
    const { devicesById } = store.getState();
    expect(Object.keys(devicesById).sort()).toEqual([first._id, second._id].sort());
    expect(devicesById[first._id]?.lockStatus).toBe(0);
    expect(devicesById[second._id]?.carName).toBe('Renamed');
    // The state before the batch is left as it was (React compares by reference).
    expect(Object.keys(before.devicesById)).toHaveLength(3);

    store.applyDeviceUpdates([makeCart({ siteID: SITE_B })]);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('adds a cart it did not know yet and drops one that moved to another site', () => {
    const store = createRealtimeStore();
    store.resetSite(SITE_A);
    const staying = makeCart();
    const leaving = makeCart();
    store.replaceDevices(SITE_A, [staying, leaving]);

    const newcomer = makeCart();
    store.applyDeviceUpdate(newcomer);
    store.applyDeviceUpdate({ ...leaving, siteID: SITE_B });

    expect(Object.keys(store.getState().devicesById).sort()).toEqual([staying._id, newcomer._id].sort());
  });

  it('ignores updates and lists of a site that is not selected', () => {
    const store = createRealtimeStore();
    store.resetSite(SITE_A);
    store.replaceDevices(SITE_B, [makeCart({ siteID: SITE_B })]);
    store.applyDeviceUpdate(makeCart({ siteID: SITE_B }));
    expect(store.getState().devicesById).toEqual({});
    expect(store.getState().devicesLoaded).toBe(false);
  });

  it('uses the HTTP list only until a full list arrived', () => {
    const store = createRealtimeStore();
    store.resetSite(SITE_A);
    const fromSocket = makeCart({ gpsCoordinates: '50.3,14.3' });
    store.replaceDevices(SITE_A, [fromSocket]);
    store.seedDevices(SITE_A, [{ ...fromSocket, gpsCoordinates: '50.0,14.0' }]);
    expect(store.getState().devicesById[fromSocket._id]?.gpsCoordinates).toBe('50.3,14.3');
  });

  it('forgets the carts when the site changes and notifies subscribers on every change', () => {
    const store = createRealtimeStore();
    let notifications = 0;
    store.subscribe(() => (notifications += 1));
    store.resetSite(SITE_A);
    store.replaceDevices(SITE_A, [makeCart()]);
    store.resetSite(SITE_B);
    expect(store.getState()).toMatchObject({ siteId: SITE_B, devicesById: {}, devicesLoaded: false });
    expect(notifications).toBe(3);
  });
});
