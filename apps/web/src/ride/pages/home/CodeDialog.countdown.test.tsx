import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { DEVICE } from '../../test/fixtures';
import { advance, renderWithI18n, resetRideAroundEachTest, useFakeClock } from '../../test/render';
import type { SupportedLocale } from '../../../lib/locale';
import { CodeDialog } from './CodeDialog';

resetRideAroundEachTest();
beforeEach(() => useFakeClock('2026-11-25T10:00:00Z'));

const UNLOCK = `/api/guest/devices/${DEVICE}/unlock`;

/** The dialog on a fake clock, a 6-digit code typed and sent; answers the parts a test looks at. */
async function tryCode(answer: () => Response, locale: SupportedLocale = 'en') {
  const server = installFetchMock({ [`POST ${UNLOCK}`]: answer });
  renderWithI18n(<CodeDialog deviceId={DEVICE} onClose={() => undefined} />, locale);
  const dialog = screen.getByRole('dialog');
  const input = within(dialog).getByRole('textbox') as HTMLInputElement;
  fireEvent.change(input, { target: { value: '123456' } });
  const submit = dialog.querySelector('button[type="submit"]') as HTMLButtonElement;
  fireEvent.click(submit);
  await advance(0);
  return { server, dialog, input, submit, alert: () => within(dialog).queryByRole('alert') };
}

const tooManyTries = (retryAfter: number) =>
  json(
    {
      message: `Too many tries; try again in ${retryAfter} seconds`,
      code: 'rateLimited',
      retryAfter,
    },
    429,
  );

describe('too many code tries (issue #15)', () => {
  it("counts down the server's wait in the guest's language, then lets them try again", async () => {
    const { server, input, submit, alert } = await tryCode(() => tooManyTries(3), 'de');
    expect(alert()!.textContent).toBe('Zu viele Versuche. Sie können es in 0:03 erneut versuchen.');
    // Six digits were typed: the field is not marked wrong, only the try has to wait.
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(submit.disabled).toBe(true);

    await advance(1_000);
    expect(alert()!.textContent).toBe('Zu viele Versuche. Sie können es in 0:02 erneut versuchen.');
    await advance(2_000);
    expect(alert()).toBeNull();
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await advance(0);
    expect(server.callsTo('POST', UNLOCK)).toHaveLength(2);
  });

  it('reads the wait from the Retry-After header when the body has none (any other limit)', async () => {
    const { alert, input } = await tryCode(
      () =>
        new Response(JSON.stringify({ message: 'Rate limit exceeded, retry in 49 seconds' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '49' },
        }),
      'cs',
    );
    expect(alert()!.textContent).toBe('Příliš mnoho pokusů. Znovu to můžete zkusit za 0:49.');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    await advance(48_000);
    expect(alert()!.textContent).toBe('Příliš mnoho pokusů. Znovu to můžete zkusit za 0:01.');
  });

  it("never shows the server's English text, even without a wait", async () => {
    const { alert } = await tryCode(
      () => json({ message: 'Rate limit exceeded, retry in 1 minute' }, 429),
      'da',
    );
    expect(alert()!.textContent).toBe('For mange forsøg. Vent et øjeblik, og prøv igen.');
  });

  it('marks the field only when the code itself was wrong', async () => {
    const { alert, input, submit } = await tryCode(() =>
      json({ message: 'Invalid code', code: 'invalidCode' }, 403),
    );
    expect(alert()!.textContent).toBe('Invalid code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(submit.disabled).toBe(false);
  });
});
