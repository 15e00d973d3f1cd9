import { describe, expect, it } from 'vitest';
import { availableTimes, priceBody, serviceBody, servicePatchBody } from './services';

const GROUP = '0b6a3f7e-4a4e-4a55-9a3e-3b1f6f1e2a10';
const price = (extra: Record<string, unknown> = {}) => ({
  name: 'Green fee',
  amount: 500,
  userGroup: null,
  ...extra,
});
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('availableTimes', () => {
  it('takes one row per day on 5-minute steps with start before end, up to 24:00', () => {
    const rows = [
      { day: 1, start: '06:00', end: '19:00' },
      { day: 6, start: '22:00', end: '24:00' },
    ];
    expect(availableTimes.parse(rows)).toEqual(rows);
  });

  it.each([
    [
      'a day twice',
      [
        { day: 1, start: '06:00', end: '08:00' },
        { day: 1, start: '10:00', end: '12:00' },
      ],
      'Each day can only be used once',
    ],
    [
      'a start off the 5-minute step',
      [{ day: 1, start: '06:01', end: '08:00' }],
      'Times must be in 5-minute steps',
    ],
    [
      'an end off the 5-minute step',
      [{ day: 1, start: '06:00', end: '08:03' }],
      'Times must be in 5-minute steps',
    ],
    ['start equal to end', [{ day: 1, start: '08:00', end: '08:00' }], 'Start must be before end'],
    ['start after end', [{ day: 1, start: '09:00', end: '08:00' }], 'Start must be before end'],
    ['day 7', [{ day: 7, start: '06:00', end: '08:00' }], 'Day must be 0 (Sunday) to 6'],
    ['25:00', [{ day: 1, start: '06:00', end: '25:00' }], 'Time must be HH:mm'],
  ])('refuses %s', (_case, rows, message) => {
    expect(firstMessage(availableTimes.safeParse(rows))).toBe(message);
  });
});

describe('priceBody', () => {
  it('trims, defaults description, credits and schedule', () => {
    expect(priceBody.parse(price({ name: '  Green fee ' }))).toEqual({
      name: 'Green fee',
      amount: 500,
      credits: null,
      description: '',
      userGroup: null,
      availableTimes: [],
    });
  });

  it.each([
    ["a 'temp-' id", { _id: 'temp-1' }, 'Unknown price'],
    ['no name', { name: ' ' }, 'This field is required'],
    ['a name over 60', { name: 'x'.repeat(61) }, 'At most 60 characters'],
    ['a negative amount', { amount: -1 }, 'Amount cannot be negative'],
    ['a fractional amount', { amount: 5.5 }, 'Amount must be whole minor units'],
    ['negative credits', { credits: -1 }, 'Credits cannot be negative'],
    ['a description over 500', { description: 'x'.repeat(501) }, 'At most 500 characters'],
  ])('refuses %s', (_case, extra, message) => {
    expect(firstMessage(priceBody.safeParse(price(extra)))).toBe(message);
  });

  it('needs the user group said, null for guests', () => {
    expect(priceBody.safeParse({ name: 'x', amount: 0 }).success).toBe(false);
    expect(priceBody.parse(price({ userGroup: GROUP })).userGroup).toBe(GROUP);
  });
});

describe('serviceBody', () => {
  it('takes a duration from 30 minutes to 24 hours', () => {
    expect(serviceBody.parse({ name: '9 holes', duration: 30 })).toEqual({
      name: '9 holes',
      duration: 30,
      prices: [],
    });
    expect(firstMessage(serviceBody.safeParse({ name: '9 holes', duration: 29 }))).toBe(
      'Duration must be at least 30 minutes',
    );
    expect(serviceBody.safeParse({ name: 'Day', duration: 24 * 60 }).success).toBe(true);
    expect(serviceBody.safeParse({ name: 'Day', duration: 24 * 60 + 1 }).success).toBe(false);
  });

  it('refuses two overlapping prices of one group, allowing daily and special rates side by side', () => {
    const special = { availableTimes: [{ day: 1, start: '06:00', end: '10:00' }] };
    const ok = serviceBody.safeParse({
      name: '18 holes',
      duration: 240,
      prices: [price(), price(special), price({ userGroup: GROUP })],
    });
    expect(ok.success).toBe(true);
    const clash = serviceBody.safeParse({
      name: '18 holes',
      duration: 240,
      prices: [price(), price({ name: 'Again' })],
    });
    expect(firstMessage(clash)).toBe('Two prices for the same user group overlap');
    expect(clash.error?.issues[0]?.path).toEqual(['prices', 1]);
  });

  it('refuses more than 50 prices and a price listed twice', () => {
    const many = Array.from({ length: 51 }, (_, day) =>
      price({ availableTimes: [{ day: day % 7, start: '06:00', end: '07:00' }] }),
    );
    expect(serviceBody.safeParse({ name: 'x', duration: 60, prices: many }).success).toBe(false);
    const id = '7d1c2a8e-0f1b-4a43-8a4f-2c9e7b5d1e22';
    const twice = serviceBody.safeParse({
      name: 'x',
      duration: 60,
      prices: [price({ _id: id }), price({ _id: id, userGroup: GROUP })],
    });
    expect(firstMessage(twice)).toBe('A price is listed twice');
  });
});

describe('servicePatchBody', () => {
  it('leaves prices out when not sent, rather than emptying them', () => {
    expect(servicePatchBody.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });

  it('refuses an empty patch and unknown fields', () => {
    expect(firstMessage(servicePatchBody.safeParse({}))).toBe('Nothing to update');
    expect(servicePatchBody.safeParse({ name: 'x', site: GROUP }).success).toBe(false);
  });
});
