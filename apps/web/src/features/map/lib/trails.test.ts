import { describe, expect, it } from 'vitest';
import { makeCart } from '../../../test/carts';
import { extendTrails } from './trails';

describe('live trails', () => {
  const cart = makeCart({ gpsCoordinates: '50.000000,14.000000' });
  const at = (gpsCoordinates: string | null) => ({ ...cart, gpsCoordinates });

  it('starts each cart at its position and appends each new one', () => {
    const first = extendTrails({}, [cart]);
    expect(first[cart._id]).toEqual([[50, 14]]);
    const second = extendTrails(first, [at('50.000100,14.000200')]);
    expect(second[cart._id]).toEqual([
      [50, 14],
      [50.0001, 14.0002],
    ]);
  });

  it('returns the same object when no cart moved, so nothing redraws', () => {
    const trails = extendTrails({}, [cart]);
    expect(extendTrails(trails, [at('50.000000,14.000000')])).toBe(trails);
    // A lost fix keeps the path as it was.
    expect(extendTrails(trails, [at(null)])).toBe(trails);
  });

  it('keeps only the newest points per cart', () => {
    let trails = extendTrails({}, [cart], 3);
    for (const step of [1, 2, 3, 4]) trails = extendTrails(trails, [at(`50.00000${step},14.000000`)], 3);
    expect(trails[cart._id]).toEqual([
      [50.000002, 14],
      [50.000003, 14],
      [50.000004, 14],
    ]);
  });

  it('forgets carts that left the list (another site, a cart moved away)', () => {
    const other = makeCart({ gpsCoordinates: '51.000000,15.000000' });
    const trails = extendTrails({}, [cart, other]);
    expect(Object.keys(extendTrails(trails, [other]))).toEqual([other._id]);
  });

  it('starts an empty trail for a cart without a fix and grows it once one arrives', () => {
    const trails = extendTrails({}, [at(null)]);
    expect(trails[cart._id]).toEqual([]);
    expect(extendTrails(trails, [cart])[cart._id]).toEqual([[50, 14]]);
  });
});
