import type { PriceView, ServiceView, UserGroupView } from '@fairway/domain';
import { SITE_A } from '../../../test/carts';

export const SENIORS: UserGroupView = {
  _id: 'ffffffff-ffff-4fff-8fff-000000000001',
  site: SITE_A,
  name: 'Seniors',
  prices: 0,
  members: 4,
};
export const JUNIORS: UserGroupView = {
  _id: 'ffffffff-ffff-4fff-8fff-000000000002',
  site: SITE_A,
  name: 'Juniors',
  prices: 0,
  members: 9,
};

let counter = 0;
const nextId = (prefix: string) => `${prefix}-eeee-4eee-8eee-${String(++counter).padStart(12, '0')}`;

/** A saved guest price of 25.00, every day, all day. */
export function makePrice(overrides: Partial<PriceView> = {}): PriceView {
  return {
    _id: nextId('99999999'),
    name: 'Guest',
    amount: 2500,
    credits: null,
    description: '',
    userGroup: null,
    userGroupName: null,
    availableTimes: [],
    ...overrides,
  };
}

/** A saved service of SITE_A in EUR, four hours, no prices. */
export function makeService(overrides: Partial<ServiceView> = {}): ServiceView {
  return {
    _id: nextId('88888888'),
    name: '18 holes',
    duration: 240,
    site: SITE_A,
    currency: 'EUR',
    prices: [],
    ...overrides,
  };
}
