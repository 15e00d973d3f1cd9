import type { GuestMasterCart } from '@fairway/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../test/fetch-mock';
import { keyCodeOf, rememberKeyCode } from '../lib/guest-codes';
import { SITE } from '../test/fixtures';
import { advance, currentUrl, renderWithI18n, resetRideAroundEachTest, useFakeClock } from '../test/render';
import MasterKeyPage from './MasterKeyPage';
import { MASTER_ID, makeMasterCart, makePublicSite } from './portal-fixtures';

resetRideAroundEachTest();
beforeEach(() => useFakeClock('2026-11-26T21:30:00Z'));

const CARTS = `/api/guest/sites/${SITE}/master-carts`;
const A = 'dddddddd-dddd-4ddd-8ddd-0000000000a1';
const B = 'dddddddd-dddd-4ddd-8ddd-0000000000b2';
const C = 'dddddddd-dddd-4ddd-8ddd-0000000000c3';
const TOGGLE = `/api/guest/devices/${B}/toggle-lock`;

function fleet(bLocked = true): GuestMasterCart[] {
  return [
    makeMasterCart({ _id: A, carNumber: '10', displayLockStatus: 'maintenance' }),
    makeMasterCart({
      _id: B,
      carNumber: '2',
      locked: bLocked,
      displayLockStatus: bLocked ? 'booked' : 'unlocked',
    }),
    makeMasterCart({ _id: C, carNumber: '1', online: false }),
  ];
}

/** The master page on a closed club (every day closed), its carts answered by `carts` call by call. */
async function openMasterPage(
  carts: (call: number) => GuestMasterCart[],
  toggle: () => Response = () => json({ commandId: 'x' }),
) {
  rememberKeyCode('master', SITE, MASTER_ID, '999999');
  let calls = 0;
  const server = installFetchMock({
    [`GET /api/guest/sites/${SITE}`]: () =>
      json(makePublicSite({ openingHours: [null, null, null, null, null, null, null] })),
    [`GET ${CARTS}`]: () => json({ carts: carts(++calls) }),
    [`POST ${TOGGLE}`]: toggle,
  });
  renderWithI18n(<MasterKeyPage siteId={SITE} virtualKeyId={MASTER_ID} />);
  await advance(0);
  return server;
}

const cartButtons = () => within(screen.getByRole('group')).getAllByRole('button') as HTMLButtonElement[];

describe('master key page', () => {
  it('without a typed master code goes back to the club home', async () => {
    installFetchMock({ [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite()) });
    window.history.replaceState(null, '', `/guest/site/${SITE}/master-key/${MASTER_ID}`);
    renderWithI18n(<MasterKeyPage siteId={SITE} virtualKeyId={MASTER_ID} />);
    await advance(0);
    expect(currentUrl()).toBe(`/guest/site/${SITE}`);
  });

  it('lists the carts by number with their chips, and no closed card on a closed club', async () => {
    const server = await openMasterPage(() => fleet());
    expect(screen.getByRole('heading', { level: 1, name: 'Master key' })).toBeTruthy();
    expect(server.queriesTo(CARTS)[0]).toEqual({ code: '999999' });
    expect(cartButtons().map((button) => button.textContent)).toEqual([
      'Cart 1  Offline Locked',
      'Cart 2  Online Booked Locked',
      'Cart 10  Online Maintenance Locked',
    ]);
    expect(screen.queryByText('The club is closed')).toBeNull();
  });

  it('unlocks a booked cart and reads the carts until it reports unlocked', async () => {
    const server = await openMasterPage((call) => fleet(call < 3));
    fireEvent.click(cartButtons()[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await advance(0);
    expect(server.callsTo('POST', TOGGLE)[0]!.body).toEqual({ lockStatus: 'unlocked', code: '999999' });
    expect(screen.getByRole('status').textContent).toBe('Unlocking the cart…');
    await advance(1_000);
    expect(screen.queryByText('Cart 2 is unlocked.')).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('status').textContent).toBe('Cart 2 is unlocked.');
    expect(server.callsTo('GET', CARTS)).toHaveLength(3);
    // The choice now offers the other way.
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
  });

  it("gives up after 10 reads: 'Cart could not be unlocked'", async () => {
    const server = await openMasterPage(() => fleet(true));
    fireEvent.click(cartButtons()[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await advance(9_000);
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('alert').textContent).toBe('Cart could not be unlocked');
    expect(server.callsTo('GET', CARTS)).toHaveLength(11);
    await advance(5_000);
    expect(server.callsTo('GET', CARTS)).toHaveLength(11);
  });

  it("'already unlocked' says so and reads the carts again", async () => {
    const server = await openMasterPage(
      (call) => fleet(call === 1),
      () => json({ message: 'Device already unlocked', code: 'alreadyUnlocked' }, 409),
    );
    fireEvent.click(cartButtons()[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Cart is already unlocked');
    expect(server.callsTo('GET', CARTS)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
  });

  it('a refused master code is forgotten and leads home', async () => {
    rememberKeyCode('master', SITE, MASTER_ID, '999999');
    installFetchMock({
      [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite()),
      [`GET ${CARTS}`]: () => json({ message: 'Key not found', code: 'keyNotFound' }, 404),
    });
    renderWithI18n(<MasterKeyPage siteId={SITE} virtualKeyId={MASTER_ID} />, 'cs');
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Došlo k chybě' })).toBeTruthy();
    expect(screen.getByText('Klíč nebyl nalezen')).toBeTruthy();
    expect(keyCodeOf('master', SITE, MASTER_ID)).toBeNull();
  });
});
