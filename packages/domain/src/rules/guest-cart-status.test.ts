import { describe, expect, it } from 'vitest';
import { guestCartStatus, guestCartStatusAt, siteOpenAt, type GuestCartState } from './guest-cart-status';

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

describe('guestCartStatusAt (what the server enforces now)', () => {
  const free: GuestCartState = { onlineStatus: true, lockStatus: 1, inUse: false, key: '0', inService: true };
  const allDay = Array.from({ length: 7 }, () => ({ openTime: '00:00', closeTime: '24:00' }));
  // Monday 2026-11-23, 12:00 UTC = 12:00 in London, 13:00 in Copenhagen.
  const noon = Date.UTC(2026, 10, 23, 12, 0);

  it('counts a ride still waiting for the cart as a session', () => {
    const site = { openingHours: allDay, timezone: 'Europe/London' };
    expect(guestCartStatusAt(free, false, site, noon)).toBe('AVAILABLE');
    expect(guestCartStatusAt(free, true, site, noon)).toBe('IN_USE');
  });

  it("reads the club's hours on the club's own clock", () => {
    const untilHalfTwelve = Array.from({ length: 7 }, () => ({ openTime: '08:00', closeTime: '12:30' }));
    expect(
      guestCartStatusAt(free, false, { openingHours: untilHalfTwelve, timezone: 'Europe/London' }, noon),
    ).toBe('AVAILABLE');
    expect(
      guestCartStatusAt(free, false, { openingHours: untilHalfTwelve, timezone: 'Europe/Copenhagen' }, noon),
    ).toBe('SITE_CLOSED');
  });

  it('is BOOKED while a booking covers now, and out of service while a maintenance block does', () => {
    const site = { openingHours: allDay, timezone: 'Europe/London' };
    expect(guestCartStatusAt(free, false, site, noon, { bookedNow: true, maintenanceNow: false })).toBe(
      'BOOKED',
    );
    expect(guestCartStatusAt(free, false, site, noon, { bookedNow: false, maintenanceNow: true })).toBe(
      'OUT_OF_SERVICE',
    );
    // A session on the cart outranks its booking: the booked guest is riding it.
    expect(guestCartStatusAt(free, true, site, noon, { bookedNow: true, maintenanceNow: false })).toBe(
      'IN_USE',
    );
  });
});
