import { describe, expect, it } from 'vitest';
import { searchCarts } from './cart-search';

const carts = [
  { carNumber: '10', carName: 'Eden' },
  { carNumber: '2', carName: 'Dyke' },
  { carNumber: null, carName: 'Spare' },
  { carNumber: '1', carName: 'Burn' },
];

describe('searchCarts', () => {
  it('orders by car number as a number, carts without a number last', () => {
    expect(searchCarts(carts, '').map((cart) => cart.carNumber)).toEqual(['1', '2', '10', null]);
  });

  it('finds carts by number or by name, ignoring case and spaces around the query', () => {
    expect(searchCarts(carts, '1').map((cart) => cart.carName)).toEqual(['Burn', 'Eden']);
    expect(searchCarts(carts, '  dYk ').map((cart) => cart.carNumber)).toEqual(['2']);
    expect(searchCarts(carts, 'nothing')).toEqual([]);
  });
});
