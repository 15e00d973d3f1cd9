import { describe, expect, it } from 'vitest';
import { guestCartStatus, siteOpenAt, type GuestCartState } from './guest-cart-status';

const available: GuestCartState = {
  onlineStatus: true,
  lockStatus: 1,
  inUse: false,
  key: '0',
  inService: true,
};
const open = { openNow: true };

describe('guestCartStatus (spec §4)', () => {
  it('is AVAILABLE for an online, locked, idle, keyless cart in service at an open club with no booking', () => {
    expect(guestCartStatus(available, open, false)).toBe('AVAILABLE');
  });

  it('ranks OFFLINE first, then out of service, key mode, in use, closed, booked', () => {
    const everything: GuestCartState = {
      onlineStatus: false,
      lockStatus: 0,
      inUse: true,
      key: '1',
      inService: false,
    };
    expect(guestCartStatus(everything, { openNow: false }, true)).toBe('OFFLINE');
    expect(guestCartStatus({ ...everything, onlineStatus: true }, { openNow: false }, true)).toBe(
      'OUT_OF_SERVICE',
    );
    expect(
      guestCartStatus({ ...everything, onlineStatus: true, inService: true }, { openNow: false }, true),
    ).toBe('KEYMODE');
    expect(guestCartStatus({ ...available, inUse: true }, { openNow: false }, true)).toBe('IN_USE');
    expect(guestCartStatus({ ...available, lockStatus: 0 }, open, false)).toBe('IN_USE');
    expect(guestCartStatus(available, { openNow: false }, true)).toBe('SITE_CLOSED');
    expect(guestCartStatus(available, open, true)).toBe('BOOKED');
  });
});

describe('siteOpenAt (spec §4 Site open check)', () => {
  const hours = [null, { openTime: '07:30', closeTime: '24:00' }, null, null, null, null, null];

  it('is open from the opening minute and closed from the closing minute', () => {
    expect(siteOpenAt(hours, { day: 1, time: '07:29' })).toBe(false);
    expect(siteOpenAt(hours, { day: 1, time: '07:30' })).toBe(true);
    expect(siteOpenAt(hours, { day: 1, time: '23:59' })).toBe(true);
  });

  it('is closed all day on a day without hours', () => {
    expect(siteOpenAt(hours, { day: 0, time: '12:00' })).toBe(false);
    expect(siteOpenAt(hours, { day: 2, time: '12:00' })).toBe(false);
  });

  it('closes at the closing time', () => {
    const evening = [{ openTime: '05:00', closeTime: '20:00' }];
    expect(siteOpenAt(evening, { day: 0, time: '19:59' })).toBe(true);
    expect(siteOpenAt(evening, { day: 0, time: '20:00' })).toBe(false);
  });
});
