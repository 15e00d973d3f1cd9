import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../test/fetch-mock';
import { DEVICE, makeGuestCart, SITE } from '../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../test/render';
import { makePublicSite } from './portal-fixtures';

resetRideAroundEachTest();
beforeAll(() => Promise.all([import('./DeviceLandingPage'), import('./PortalHomePage')]), 30_000);

const LANDING = `/unlock/${DEVICE}`;

describe("a cart's QR code (/unlock/{id})", () => {
  it("on a scan-to-ride club: the cart's own page, replacing the landing in history", async () => {
    installFetchMock({
      [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()),
      [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite({ scanToRideToggle: true })),
    });
    renderRideAt(LANDING);
    await waitFor(() => expect(currentUrl()).toBe(`/ride/${DEVICE}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart 7' })).toBeTruthy();
  });

  it("on any other club: the club's portal", async () => {
    installFetchMock({
      [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()),
      [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite({ scanToRideToggle: false })),
    });
    const before = window.history.length;
    renderRideAt(LANDING);
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}`));
    expect(window.history.length).toBe(before);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Fairway Demo Golf' }),
    ).toBeTruthy();
  });

  it('an unknown cart is the guest not-found page', async () => {
    installFetchMock({
      [`GET /api/guest/devices/${DEVICE}`]: () => json({ message: 'Cart not found' }, 404),
    });
    renderRideAt(LANDING);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(currentUrl()).toBe(LANDING);
  });

  it('a failure offers a retry', async () => {
    let calls = 0;
    installFetchMock({
      [`GET /api/guest/devices/${DEVICE}`]: () =>
        ++calls === 1 ? json({ message: 'boom' }, 500) : json(makeGuestCart()),
      [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite()),
    });
    renderRideAt(LANDING);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}`));
  });
});
