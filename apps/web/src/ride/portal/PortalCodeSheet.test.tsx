import type { SupportedLocale } from '../../lib/locale';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type RecordedCall } from '../../test/fetch-mock';
import { bookingCodeOf, keyCodeOf } from '../lib/guest-codes';
import { SITE } from '../test/fixtures';
import {
  advance,
  currentUrl,
  renderRideAt,
  renderWithI18n,
  resetRideAroundEachTest,
  useFakeClock,
} from '../test/render';
import { BOOKING, KEY_ID, MASTER_ID, makeKeyView, makePublicSite } from './portal-fixtures';
import { PortalCodeSheet, type PortalCodeKind } from './PortalCodeSheet';

resetRideAroundEachTest();
beforeAll(() => Promise.all([import('./PortalHomePage'), import('./PortalCodeSheet')]), 30_000);

const KEYS = `/api/guest/sites/${SITE}/virtual-keys`;
const RETRIEVE = '/api/guest/bookings/retrieve';

/** The portal home with the card's sheet open, a code typed and sent. */
async function tryCode(
  card: string,
  code: string,
  routes: Record<string, (call: RecordedCall) => Response>,
  locale: SupportedLocale = 'en',
  remember = false,
) {
  const server = installFetchMock({
    [`GET /api/guest/sites/${SITE}`]: () => json(makePublicSite()),
    ...routes,
  });
  renderRideAt(`/guest/site/${SITE}`, locale);
  fireEvent.click(await screen.findByRole('button', { name: card }));
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox') as HTMLInputElement;
  const submit = dialog.querySelector('button[type="submit"]') as HTMLButtonElement;
  expect(input.getAttribute('inputmode')).toBe('numeric');
  expect(input.getAttribute('autocomplete')).toBe('one-time-code');
  expect(submit.disabled).toBe(true);
  fireEvent.change(input, { target: { value: code } });
  if (remember) fireEvent.click(within(dialog).getByRole('checkbox'));
  fireEvent.click(submit);
  return { server, dialog, input, submit };
}

describe('virtual key card', () => {
  it('finds the key, keeps its code for this tab and opens the key page', async () => {
    const { server, dialog } = await tryCode('Enter key code', '135790', {
      [`GET ${KEYS}`]: () => json(makeKeyView()),
      [`GET /api/guest/sites/${SITE}/key-services`]: () => json({ message: 'later' }, 500),
    });
    expect(within(dialog).getByRole('checkbox', { name: 'Remember code on this phone' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}/virtual-key/${KEY_ID}`));
    expect(server.queriesTo(KEYS)[0]).toEqual({ code: '135790' });
    expect(keyCodeOf('key', SITE, KEY_ID)).toBe('135790');
    expect(window.localStorage.getItem(`fairway.guest.key.${SITE}.${KEY_ID}`)).toBeNull();
  });

  it("'remember code' keeps it on the phone", async () => {
    await tryCode('Enter key code', '135790', { [`GET ${KEYS}`]: () => json(makeKeyView()) }, 'en', true);
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}/virtual-key/${KEY_ID}`));
    expect(window.localStorage.getItem(`fairway.guest.key.${SITE}.${KEY_ID}`)).toBe('135790');
  });

  it.each([
    ['keyNotFound', 404, 'en', 'Key not found', 'true'],
    ['keyDisabled', 403, 'de', 'Dieser virtuelle Schlüssel ist deaktiviert', 'false'],
    ['keyExpired', 403, 'cs', 'Platnost tohoto virtuálního klíče vypršela', 'false'],
  ] as const)('%s answers its text in the guest language', async (code, status, locale, text, invalid) => {
    const card = { en: 'Enter key code', de: 'Schlüsselcode eingeben', cs: 'Zadat kód klíče' }[locale];
    const { dialog, input } = await tryCode(
      card,
      '000000',
      {
        [`GET ${KEYS}`]: () => json({ message: 'English text', code }, status),
      },
      locale,
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
    expect(input.getAttribute('aria-invalid')).toBe(invalid);
    expect(currentUrl()).toBe(`/guest/site/${SITE}`);
    expect(keyCodeOf('key', SITE, KEY_ID)).toBeNull();
  });
});

describe('master card', () => {
  it('asks for a master key only, keeps the code for this tab and opens the master page', async () => {
    const { server, dialog } = await tryCode('Enter master code', '999999', {
      [`GET ${KEYS}`]: () => json(makeKeyView({ _id: MASTER_ID, master: true })),
    });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await waitFor(() => expect(currentUrl()).toBe(`/guest/site/${SITE}/master-key/${MASTER_ID}`));
    expect(server.queriesTo(KEYS)[0]).toEqual({ code: '999999', master: 'true' });
    expect(keyCodeOf('master', SITE, MASTER_ID)).toBe('999999');
  });
});

describe('booking card', () => {
  it("finds the booking, keeps its code and opens the booking's page", async () => {
    const { server, dialog } = await tryCode('Enter booking code', '246810', {
      [`GET ${RETRIEVE}`]: () => json({ bookingId: BOOKING, deviceId: 'd' }),
    });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await waitFor(() => expect(currentUrl()).toBe(`/guest/booking/${BOOKING}`));
    expect(server.queriesTo(RETRIEVE)[0]).toEqual({ siteId: SITE, code: '246810' });
    expect(bookingCodeOf(BOOKING)).toBe('246810');
  });

  it('says when no booking has the code (in Danish)', async () => {
    const { dialog } = await tryCode(
      'Indtast bookingkode',
      '111111',
      {
        [`GET ${RETRIEVE}`]: () => json({ message: 'Booking not found', code: 'bookingNotFound' }, 404),
      },
      'da',
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Bookingen blev ikke fundet');
  });
});

describe('too many tries', () => {
  beforeEach(() => useFakeClock('2026-11-26T10:00:00Z'));

  async function openSheet(kind: PortalCodeKind, locale: SupportedLocale) {
    const server = installFetchMock({
      [`GET ${KEYS}`]: () => json({ message: 'Too many tries', code: 'rateLimited', retryAfter: 65 }, 429),
    });
    renderWithI18n(<PortalCodeSheet siteId={SITE} kind={kind} onClose={() => undefined} />, locale);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '123456' } });
    const submit = dialog.querySelector('button[type="submit"]') as HTMLButtonElement;
    fireEvent.click(submit);
    await advance(0);
    return { server, dialog, submit };
  }

  it('counts the wait down in the guest language and holds the submit until then', async () => {
    const { server, dialog, submit } = await openSheet('master', 'da');
    const alert = () => within(dialog).queryByRole('alert');
    expect(alert()!.textContent).toBe('For mange forsøg. Du kan prøve igen om 1:05.');
    expect(submit.disabled).toBe(true);
    await advance(60_000);
    expect(alert()!.textContent).toBe('For mange forsøg. Du kan prøve igen om 0:05.');
    await advance(5_000);
    expect(alert()).toBeNull();
    expect(submit.disabled).toBe(false);
    expect(server.callsTo('GET', KEYS)).toHaveLength(1);
  });
});
