import { describe, expect, it } from 'vitest';
import {
  applicablePrice,
  availableAt,
  clockAt,
  overlappingPrices,
  priceAmountIssue,
  schedulesOverlap,
  type BookablePrice,
  type CreditHolder,
  type TimeWindow,
} from './price-rules';

const MONDAY = 1;
const TUESDAY = 2;
const window = (day: number, start: string, end: string): TimeWindow => ({ day, start, end });

describe('priceAmountIssue', () => {
  it('allows free and anything from the minimum up', () => {
    expect(priceAmountIssue(0, 'EUR')).toBeNull();
    expect(priceAmountIssue(500, 'EUR')).toBeNull();
    expect(priceAmountIssue(3800, 'DKK')).toBeNull();
    expect(priceAmountIssue(12_500, 'CZK')).toBeNull();
    expect(priceAmountIssue(5, 'JPY')).toBeNull();
  });

  it('refuses one minor unit below the minimum, naming it', () => {
    expect(priceAmountIssue(499, 'EUR')).toBe('Price must be 0 or at least 5.00 EUR');
    expect(priceAmountIssue(599, 'USD')).toBe('Price must be 0 or at least 6.00 USD');
    expect(priceAmountIssue(3799, 'DKK')).toBe('Price must be 0 or at least 38.00 DKK');
    expect(priceAmountIssue(12_499, 'CZK')).toBe('Price must be 0 or at least 125.00 CZK');
    expect(priceAmountIssue(4, 'JPY')).toBe('Price must be 0 or at least 5 JPY');
    expect(priceAmountIssue(1, 'KWD')).toBe('Price must be 0 or at least 5.000 KWD');
  });
});

describe('price overlap', () => {
  it('lets a daily rate and a special rate of one group coexist', () => {
    expect(schedulesOverlap([], [window(MONDAY, '06:00', '10:00')])).toBe(false);
  });

  it('clashes two daily rates', () => {
    expect(schedulesOverlap([], [])).toBe(true);
  });

  it('clashes windows overlapping on the same day, not touching or on other days', () => {
    const morning = [window(MONDAY, '06:00', '10:00')];
    expect(schedulesOverlap(morning, [window(MONDAY, '09:55', '12:00')])).toBe(true);
    expect(schedulesOverlap(morning, [window(MONDAY, '07:00', '08:00')])).toBe(true);
    expect(schedulesOverlap(morning, [window(MONDAY, '10:00', '12:00')])).toBe(false);
    expect(schedulesOverlap(morning, [window(TUESDAY, '06:00', '10:00')])).toBe(false);
  });

  it('finds the first two prices of one group that overlap, ignoring other groups', () => {
    const prices = [
      { userGroup: null, availableTimes: [] },
      { userGroup: 'juniors', availableTimes: [] },
      { userGroup: 'seniors', availableTimes: [window(MONDAY, '06:00', '10:00')] },
      { userGroup: 'seniors', availableTimes: [] },
    ];
    expect(overlappingPrices(prices)).toBeNull();
    expect(overlappingPrices([...prices, { userGroup: 'juniors', availableTimes: [] }])).toEqual([1, 4]);
    expect(
      overlappingPrices([
        ...prices,
        { userGroup: 'seniors', availableTimes: [window(MONDAY, '08:00', '09:00')] },
      ]),
    ).toEqual([2, 4]);
  });
});

describe('availableAt', () => {
  const times = [window(MONDAY, '06:00', '19:00')];
  it('is open from the start up to, not including, the end', () => {
    expect(availableAt(times, { day: MONDAY, time: '06:00' })).toBe(true);
    expect(availableAt(times, { day: MONDAY, time: '18:59' })).toBe(true);
    expect(availableAt(times, { day: MONDAY, time: '19:00' })).toBe(false);
    expect(availableAt(times, { day: MONDAY, time: '05:59' })).toBe(false);
    expect(availableAt(times, { day: TUESDAY, time: '12:00' })).toBe(false);
  });
  it('is always open without windows, and to midnight with a 24:00 end', () => {
    expect(availableAt([], { day: 0, time: '00:00' })).toBe(true);
    expect(availableAt([window(MONDAY, '20:00', '24:00')], { day: MONDAY, time: '23:59' })).toBe(true);
  });
});

describe('clockAt', () => {
  it("reads the weekday and time in the site's zone", () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Copenhagen (winter time).
    expect(clockAt(Date.parse('2026-11-22T23:30:00Z'), 'Europe/Copenhagen')).toEqual({
      day: 1,
      time: '00:30',
    });
    expect(clockAt(Date.parse('2026-11-22T23:30:00Z'), 'UTC')).toEqual({ day: 0, time: '23:30' });
    // Summer time: UTC+2.
    expect(clockAt(Date.parse('2026-07-01T04:00:00Z'), 'Europe/Copenhagen')).toEqual({
      day: 3,
      time: '06:00',
    });
  });
});

describe('applicablePrice', () => {
  type P = BookablePrice & { name: string };
  const price = (name: string, p: Partial<BookablePrice> = {}): P => ({
    name,
    userGroup: null,
    credits: 1,
    availableTimes: [],
    ...p,
  });
  const member: CreditHolder = { userGroup: 'members', credits: 5 };
  const mondayNoon = { day: MONDAY, time: '12:00' };
  const pick = (prices: P[], holder = member, now = mondayNoon) =>
    applicablePrice(prices, holder, now)?.price.name;

  it("takes the holder's group's and guest prices, not another group's", () => {
    expect(pick([price('other', { userGroup: 'juniors' })])).toBeUndefined();
    expect(pick([price('guest')])).toBe('guest');
    expect(pick([price('own', { userGroup: 'members' })])).toBe('own');
    expect(pick([price('own', { userGroup: 'members' })], { userGroup: null, credits: 5 })).toBeUndefined();
  });

  it('needs a price of more than 0 credits', () => {
    expect(pick([price('free', { credits: 0 }), price('none', { credits: null })])).toBeUndefined();
  });

  it('needs the price open now, up to its end', () => {
    const morning = price('morning', { availableTimes: [window(MONDAY, '06:00', '12:00')] });
    expect(pick([morning], member, { day: MONDAY, time: '11:59' })).toBe('morning');
    expect(pick([morning], member, { day: MONDAY, time: '12:00' })).toBeUndefined();
    expect(pick([morning], member, { day: TUESDAY, time: '08:00' })).toBeUndefined();
  });

  it('picks the fewest credits, then own group, then the special rate', () => {
    expect(pick([price('two', { credits: 2 }), price('one', { credits: 1 })])).toBe('one');
    expect(pick([price('guest', { credits: 2 }), price('own', { userGroup: 'members', credits: 3 })])).toBe(
      'guest',
    );
    expect(pick([price('guest'), price('own', { userGroup: 'members' })])).toBe('own');
    expect(pick([price('own', { userGroup: 'members' }), price('guest')])).toBe('own');
    const special = price('special', { availableTimes: [window(MONDAY, '10:00', '14:00')] });
    expect(pick([price('daily'), special])).toBe('special');
    expect(pick([price('first'), price('second')])).toBe('first');
  });

  it('says whether the holder can pay; unlimited credits always can', () => {
    const three = [price('three', { credits: 3 })];
    expect(applicablePrice(three, { userGroup: null, credits: 3 }, mondayNoon)?.affordable).toBe(true);
    expect(applicablePrice(three, { userGroup: null, credits: 2 }, mondayNoon)?.affordable).toBe(false);
    expect(applicablePrice(three, { userGroup: null, credits: -1 }, mondayNoon)?.affordable).toBe(true);
    expect(applicablePrice(three, { userGroup: null, credits: 0 }, mondayNoon)?.affordable).toBe(false);
  });
});
