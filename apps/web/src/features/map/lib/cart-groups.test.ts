import { describe, expect, it } from 'vitest';
import { makeCart } from '../../../test/carts';
import { isInGroup, matchesFilter, panelCarts, type PanelChoice } from './cart-groups';

const NONE = new Set<string>();
const everything: PanelChoice = { query: '', group: 'all', filter: 'all' };

const idle = makeCart({ carNumber: '1', carName: 'Alpha', lockStatus: 1 });
const riding = makeCart({ carNumber: '2', carName: 'Bravo', inUse: true, driverName: 'Jana Nováková' });
const unlocked = makeCart({ carNumber: '3', carName: 'Charlie', lockStatus: 0 });
const offline = makeCart({ carNumber: '4', carName: 'Delta', onlineStatus: false });
const stored = makeCart({ carNumber: '5', carName: 'Echo', inService: false });
const fleet = [idle, riding, unlocked, offline, stored];

describe('map panel groups', () => {
  it('live is online and in service; in use follows the domain rule; stored is out of service', () => {
    expect(fleet.filter((cart) => isInGroup(cart, 'live', NONE))).toEqual([idle, riding, unlocked]);
    // An unlocked cart counts as in use even before its ride is recorded.
    expect(fleet.filter((cart) => isInGroup(cart, 'inUse', NONE))).toEqual([riding, unlocked]);
    expect(fleet.filter((cart) => isInGroup(cart, 'stored', NONE))).toEqual([stored]);
  });

  it('reserved holds the booked carts, none while there are no bookings', () => {
    expect(fleet.filter((cart) => isInGroup(cart, 'reserved', NONE))).toEqual([]);
    expect(fleet.filter((cart) => isInGroup(cart, 'reserved', new Set([offline._id])))).toEqual([offline]);
  });

  it('all keeps a cart that is in no other group (offline, in service)', () => {
    const groups = (['live', 'inUse', 'reserved', 'stored'] as const).filter((group) =>
      isInGroup(offline, group, NONE),
    );
    expect(groups).toEqual([]);
    expect(isInGroup(offline, 'all', NONE)).toBe(true);
  });
});

describe('map panel filters', () => {
  it('locked and unlocked read the lock state; reserved, inUse and stored match their groups', () => {
    expect(fleet.filter((cart) => matchesFilter(cart, 'locked', NONE))).toEqual([
      idle,
      riding,
      offline,
      stored,
    ]);
    expect(fleet.filter((cart) => matchesFilter(cart, 'unlocked', NONE))).toEqual([unlocked]);
    expect(fleet.filter((cart) => matchesFilter(cart, 'inUse', NONE))).toEqual([riding, unlocked]);
    expect(fleet.filter((cart) => matchesFilter(cart, 'stored', NONE))).toEqual([stored]);
    expect(fleet.filter((cart) => matchesFilter(cart, 'reserved', NONE))).toEqual([]);
    expect(fleet.filter((cart) => matchesFilter(cart, 'all', NONE))).toEqual(fleet);
  });
});

describe('panel rows and counts', () => {
  it('counts every group and lists the chosen one', () => {
    const { rows, counts } = panelCarts(fleet, { ...everything, group: 'inUse' }, NONE);
    expect(rows).toEqual([riding, unlocked]);
    expect(counts).toEqual({ all: 5, live: 3, inUse: 2, reserved: 0, stored: 1 });
  });

  it('searches by car number, name or driver name, case-insensitively', () => {
    expect(panelCarts(fleet, { ...everything, query: '5' }, NONE).rows).toEqual([stored]);
    expect(panelCarts(fleet, { ...everything, query: 'char' }, NONE).rows).toEqual([unlocked]);
    expect(panelCarts(fleet, { ...everything, query: ' NOVÁK ' }, NONE).rows).toEqual([riding]);
  });

  it('counts follow the search and the filter, so a tab promises exactly its rows', () => {
    const { rows, counts } = panelCarts(fleet, { query: 'a', group: 'all', filter: 'locked' }, NONE);
    // 'a' matches Alpha, Bravo (and its driver), Charlie, Delta; locked drops Charlie.
    expect(rows).toEqual([idle, riding, offline]);
    expect(counts).toEqual({ all: 3, live: 2, inUse: 1, reserved: 0, stored: 0 });
  });
});
