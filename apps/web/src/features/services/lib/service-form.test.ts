import { priceAmountIssue } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { JUNIORS, makePrice, makeService, SENIORS } from '../testing/fixtures';
import {
  checkServiceForm,
  defaultPriceName,
  groupForNewPrice,
  newPriceValues,
  nextTempId,
  savedPriceId,
  serviceFormValues,
  type PriceFormValues,
  type ServiceFormValues,
} from './service-form';

const GROUPS = [SENIORS, JUNIORS];

const price = (overrides: Partial<PriceFormValues> = {}): PriceFormValues => ({
  _id: 'temp-1',
  name: 'Guest',
  nameFollowsGroup: true,
  amount: '25,00',
  credits: '',
  userGroup: 'guest',
  description: '',
  availableTimes: [],
  ...overrides,
});
const form = (overrides: Partial<ServiceFormValues> = {}): ServiceFormValues => ({
  name: '18 holes',
  duration: '04:00',
  prices: [price()],
  ...overrides,
});
const issuesOf = (values: ServiceFormValues, currency = 'EUR') =>
  checkServiceForm(values, currency, '.').issues.map(({ path, key }) => [path, key]);

describe('temp ids', () => {
  it('numbers new prices one above the highest temp id and strips them before saving', () => {
    expect(nextTempId([])).toBe('temp-1');
    expect(nextTempId([{ _id: 'temp-1' }, { _id: 'temp-3' }, { _id: SENIORS._id }])).toBe('temp-4');
    expect(savedPriceId('temp-2')).toBeUndefined();
    expect(savedPriceId(SENIORS._id)).toBe(SENIORS._id);
  });
});

describe('default price name', () => {
  it("is the user group's name, or the guest name for the built-in group", () => {
    expect(defaultPriceName('guest', GROUPS, 'Guest')).toBe('Guest');
    expect(defaultPriceName(JUNIORS._id, GROUPS, 'Guest')).toBe('Juniors');
  });

  it('gives each new price the next group without a price, named after it', () => {
    expect(groupForNewPrice([], GROUPS)).toBe('guest');
    expect(groupForNewPrice([{ userGroup: 'guest' }], GROUPS)).toBe(SENIORS._id);
    const second = newPriceValues([price()], GROUPS, 'Gast');
    expect(second).toMatchObject({ _id: 'temp-2', name: 'Seniors', nameFollowsGroup: true, amount: '' });
  });
});

describe('serviceFormValues', () => {
  it('starts a new service at 06:00 without prices', () => {
    expect(serviceFormValues(null, 'EUR', ',', 'Guest')).toEqual({ name: '', duration: '06:00', prices: [] });
  });

  it('shows a saved service with major amounts and keeps the price ids', () => {
    const saved = makeService({
      duration: 90,
      prices: [
        makePrice({ amount: 2550, credits: 2 }),
        makePrice({ name: 'Members', userGroup: SENIORS._id, userGroupName: 'Seniors', amount: 0 }),
      ],
    });
    const values = serviceFormValues(saved, 'EUR', ',', 'Guest');
    expect(values.duration).toBe('01:30');
    expect(values.prices).toEqual([
      expect.objectContaining({
        _id: saved.prices[0]!._id,
        amount: '25,50',
        credits: '2',
        userGroup: 'guest',
        nameFollowsGroup: true,
      }),
      expect.objectContaining({ _id: saved.prices[1]!._id, amount: '0,00', nameFollowsGroup: false }),
    ]);
  });
});

describe('checkServiceForm', () => {
  it('sends minor units, group ids, null for guest and no temp ids; saved prices keep their _id', () => {
    const check = checkServiceForm(
      form({
        name: '  Nine holes ',
        duration: '02:00',
        prices: [
          price({ amount: '12,5', credits: ' 3 ', description: ' Walk-ins ' }),
          price({
            _id: SENIORS._id,
            name: 'Seniors',
            amount: '0',
            userGroup: SENIORS._id,
            availableTimes: [{ day: 6, start: '20:00', end: '24:00' }],
          }),
        ],
      }),
      'EUR',
      ',',
    );
    expect(check).toEqual({
      issues: [],
      body: {
        name: 'Nine holes',
        duration: 120,
        prices: [
          {
            name: 'Guest',
            amount: 1250,
            credits: 3,
            description: 'Walk-ins',
            userGroup: null,
            availableTimes: [],
          },
          {
            _id: SENIORS._id,
            name: 'Seniors',
            amount: 0,
            credits: null,
            description: '',
            userGroup: SENIORS._id,
            availableTimes: [{ day: 6, start: '20:00', end: '24:00' }],
          },
        ],
      },
    });
  });

  it('requires the name, a duration of at least 00:30, a price name and an amount', () => {
    expect(
      issuesOf(form({ name: ' ', duration: '00:25', prices: [price({ name: '', amount: '' })] })),
    ).toEqual([
      ['name', 'required'],
      ['duration', 'durationMin'],
      ['prices.0.name', 'required'],
      ['prices.0.amount', 'required'],
    ]);
  });

  it('takes 0 or at least the currency minimum, with at most its decimals', () => {
    expect(issuesOf(form({ prices: [price({ amount: '4,99' })] }))).toEqual([
      ['prices.0.amount', 'belowMinimum'],
    ]);
    expect(issuesOf(form({ prices: [price({ amount: '37,99' })] }), 'DKK')).toEqual([
      ['prices.0.amount', 'belowMinimum'],
    ]);
    expect(issuesOf(form({ prices: [price({ amount: '5' })] }))).toEqual([]);
    expect(issuesOf(form({ prices: [price({ amount: '0' })] }))).toEqual([]);
    expect(issuesOf(form({ prices: [price({ amount: '5,001' })] }))).toEqual([
      ['prices.0.amount', 'amountFormat'],
    ]);
    expect(issuesOf(form({ prices: [price({ amount: '5,5' })] }), 'JPY')).toEqual([
      ['prices.0.amount', 'amountWhole'],
    ]);
  });

  it("names the domain's minimum in the below-minimum message values", () => {
    const check = checkServiceForm(form({ prices: [price({ amount: '3' })] }), 'EUR', '.');
    const issue = check.issues[0]!;
    expect(`Price must be 0 or at least ${issue.values?.minimum} ${issue.values?.currency}`).toBe(
      priceAmountIssue(300, 'EUR'),
    );
  });

  it('takes whole credits of 0 or more, or none', () => {
    expect(issuesOf(form({ prices: [price({ credits: '1,5' })] }))).toEqual([
      ['prices.0.credits', 'credits'],
    ]);
    expect(issuesOf(form({ prices: [price({ credits: '-1' })] }))).toEqual([['prices.0.credits', 'credits']]);
    expect(issuesOf(form({ prices: [price({ credits: '0' })] }))).toEqual([]);
  });

  it('refuses a day twice, a start not before its end and times off the 5-minute step', () => {
    const availableTimes = [
      { day: 1, start: '06:00', end: '08:00' },
      { day: 1, start: '09:00', end: '09:00' },
      { day: 2, start: '06:02', end: '' },
    ];
    expect(issuesOf(form({ prices: [price({ availableTimes })] }))).toEqual([
      ['prices.0.availableTimes.1.day', 'dayTwice'],
      ['prices.0.availableTimes.1.end', 'startBeforeEnd'],
      ['prices.0.availableTimes.2.start', 'timeStep'],
      ['prices.0.availableTimes.2.end', 'required'],
    ]);
  });

  it('marks the second of two overlapping prices of one group, and only those', () => {
    const daily = price();
    const special = price({ _id: 'temp-2', availableTimes: [{ day: 1, start: '06:00', end: '09:00' }] });
    expect(issuesOf(form({ prices: [daily, special] }))).toEqual([]);
    expect(issuesOf(form({ prices: [daily, price({ _id: 'temp-2' })] }))).toEqual([['prices.1', 'overlap']]);
    expect(issuesOf(form({ prices: [daily, price({ _id: 'temp-2', userGroup: JUNIORS._id })] }))).toEqual([]);
  });
});
