import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../test/fetch-mock';
import { rememberKeyCode } from '../lib/guest-codes';
import { SITE } from '../test/fixtures';
import { renderRideAt, resetRideAroundEachTest } from '../test/render';
import { KEY_ID, makePublicSite } from './portal-fixtures';
import type { PublicSite } from '@fairway/domain';

resetRideAroundEachTest();
// The page and its code sheet are lazy chunks: load them once before the first test waits for them.
beforeAll(() => Promise.all([import('./PortalHomePage'), import('./PortalCodeSheet')]), 30_000);

const HOME = `/guest/site/${SITE}`;

function serveSite(site: PublicSite | Response) {
  return installFetchMock({
    [`GET /api/guest/sites/${SITE}`]: () => (site instanceof Response ? site : json(site)),
  });
}

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('portal home', () => {
  it("shows the club's logo and name, the booking-code, virtual-key and master cards, no back arrow", async () => {
    serveSite(makePublicSite());
    renderRideAt(HOME);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Fairway Demo Golf' }),
    ).toBeTruthy();
    expect(document.querySelector('header')!.textContent).toContain('Fairway Demo Golf');
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/logo.png');
    expect(screen.queryByRole('link', { name: "Back to the club's page" })).toBeNull();
    expect(cardTitles()).toEqual(['I have a booking', 'Virtual key', 'Master code']);
    expect(screen.getByRole('button', { name: 'Enter booking code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter key code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter master code' })).toBeTruthy();
    expect(screen.queryByText('The club is closed')).toBeNull();
  });

  it('has no virtual-key card when a booking integration takes the bookings', async () => {
    serveSite(makePublicSite({ bookingIntegration: true }));
    renderRideAt(HOME);
    await screen.findByRole('heading', { level: 1 });
    expect(cardTitles()).toEqual(['I have a booking', 'Master code']);
  });

  it("with an active public profile: 'Pay Online' comes first, is confirmed, then opens the booking app in a new tab", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    serveSite(makePublicSite({ publicProfileActive: true, bookingAppUrl: 'https://book.example.com/demo' }));
    renderRideAt(HOME, 'de');
    await screen.findByRole('heading', { level: 1 });
    // The code cards stay: a member's key and a booking made at the desk still open carts.
    expect(cardTitles()).toEqual([
      'Online buchen und bezahlen',
      'Ich habe eine Buchung',
      'Virtueller Schlüssel',
      'Mastercode',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Online bezahlen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weiter zur Online-Buchung?' });
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(open).toHaveBeenCalledWith('https://book.example.com/demo', '_blank', 'noopener,noreferrer');
  });

  it('hides the online card when the profile has no booking address, and keeps the code cards', async () => {
    serveSite(makePublicSite({ publicProfileActive: true, bookingAppUrl: '' }));
    renderRideAt(HOME);
    await screen.findByRole('heading', { level: 1 });
    expect(cardTitles()).toEqual(['I have a booking', 'Virtual key', 'Master code']);
  });

  it('offers a virtual key remembered on this phone', async () => {
    rememberKeyCode('key', SITE, KEY_ID, '135790', true);
    window.sessionStorage.clear();
    serveSite(makePublicSite());
    renderRideAt(HOME);
    const open = await screen.findByRole('link', { name: 'Open my key' });
    expect(open.getAttribute('href')).toBe(`/guest/site/${SITE}/virtual-key/${KEY_ID}`);
    expect(cardTitles()[0]).toBe('Your virtual key');
  });

  it('a remembered key of another club is not offered', async () => {
    rememberKeyCode('key', 'aaaaaaaa-aaaa-4aaa-8aaa-000000000000', KEY_ID, '135790', true);
    serveSite(makePublicSite());
    renderRideAt(HOME);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Open my key' })).toBeNull();
  });
});

describe('closed club', () => {
  // Thursday 26 November 2026, 22:30 in Copenhagen.
  const THURSDAY_NIGHT = new Date('2026-11-26T21:30:00Z');
  const day = { openTime: '08:00', closeTime: '20:00' };

  it("shows the week's hours with today highlighted and closed days labelled, and only the master card", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: THURSDAY_NIGHT });
    serveSite(makePublicSite({ openingHours: [null, day, day, day, day, day, null] }));
    renderRideAt(HOME);
    const closed = await screen.findByRole('region', { name: 'The club is closed' });
    expect(within(closed).getByText('Carts can be taken during opening hours.')).toBeTruthy();
    const rows = within(closed)
      .getAllByRole('row')
      .map((row) => [row.textContent, row.getAttribute('aria-current')]);
    expect(rows).toEqual([
      ['Mon08:00–20:00', null],
      ['Tue08:00–20:00', null],
      ['Wed08:00–20:00', null],
      ['Thu · Today08:00–20:00', 'date'],
      ['Fri08:00–20:00', null],
      ['SatClosed', null],
      ['SunClosed', null],
    ]);
    expect(cardTitles()).toEqual(['The club is closed', 'Master code']);
  });

  it('is open inside the hours on the club clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T18:59:00Z') });
    serveSite(makePublicSite({ openingHours: [null, day, day, day, day, day, null] }));
    renderRideAt(HOME);
    await screen.findByRole('heading', { level: 1 });
    expect(cardTitles()).toEqual(['I have a booking', 'Virtual key', 'Master code']);
  });
});

describe('unknown club and failures', () => {
  it('an unknown or staging club is the guest not-found page, with no operator links', async () => {
    serveSite(json({ message: 'Site not found' }, 404));
    renderRideAt(HOME);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('a failure offers a retry', async () => {
    let calls = 0;
    installFetchMock({
      [`GET /api/guest/sites/${SITE}`]: () =>
        ++calls === 1 ? json({ message: 'boom' }, 500) : json(makePublicSite()),
    });
    renderRideAt(HOME);
    expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Welcome'));
  });
});
