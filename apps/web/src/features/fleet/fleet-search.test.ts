import { describe, expect, it } from 'vitest';
import { makeCart } from '../../test/carts';
import { matchesFleetSearch, searchFleet } from './fleet-search';

describe('fleet search', () => {
  const cart = makeCart({
    carNumber: '12',
    carName: 'Blue Buggy',
    serial: 'FW-00A7',
    driverName: 'Jana Nováková',
  });

  it.each([
    ['12', true],
    ['1', true],
    ['blue', true],
    ['fw-00a7', true],
    ['nováková', true],
    ['  buggy ', true],
    ['', true],
    ['13', false],
    ['red', false],
  ])('"%s" matches: %s', (query, expected) => {
    expect(matchesFleetSearch(cart, query)).toBe(expected);
  });

  it('ignores a missing driver or number', () => {
    expect(matchesFleetSearch(makeCart({ carNumber: null, driverName: null }), 'x')).toBe(false);
  });

  it('returns the matches in car-number order', () => {
    const carts = [makeCart({ carNumber: '10' }), makeCart({ carNumber: '2' }), makeCart({ carNumber: '1' })];
    expect(searchFleet(carts, '').map((found) => found.carNumber)).toEqual(['1', '2', '10']);
    expect(searchFleet(carts, '1').map((found) => found.carNumber)).toEqual(['1', '10']);
  });
});
