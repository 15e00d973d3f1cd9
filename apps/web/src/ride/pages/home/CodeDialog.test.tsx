import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { readSavedSession } from '../../lib/ride-storage';
import { DEVICE, makeGuestCart, makeRide, SESSION } from '../../test/fixtures';
import { currentUrl, renderRideAt, resetRideAroundEachTest } from '../../test/render';

resetRideAroundEachTest();

const UNLOCK = `/api/guest/devices/${DEVICE}/unlock`;

async function openDialog(unlock: (call: RecordedCall) => Response) {
  const server = installFetchMock({
    [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()),
    [`POST ${UNLOCK}`]: unlock,
    [`GET /api/guest/rides/${SESSION}`]: () => json(makeRide({ stage: 'awaiting', confirmed: false })),
  });
  renderRideAt(`/ride/${DEVICE}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Have a code?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Unlock with a code' });
  const input = within(dialog).getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
  const submit = within(dialog).getByRole('button', { name: 'Unlock' }) as HTMLButtonElement;
  return { server, dialog, input, submit };
}

describe('Have a code?', () => {
  it('takes digits only and unlocks only with six of them', async () => {
    const { server, input, submit } = await openDialog(() => json({ session: SESSION }));
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '12a3 45' } });
    expect(input.value).toBe('12345');
    expect(submit.disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(server.callsTo('POST', UNLOCK)).toHaveLength(0);
    fireEvent.change(input, { target: { value: '1234567' } });
    expect(input.value).toBe('123456');
    expect(submit.disabled).toBe(false);
  });

  it('says when the code is wrong', async () => {
    const { input, submit, dialog } = await openDialog(() =>
      json({ message: 'Invalid code', code: 'invalidCode' }, 403),
    );
    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid code');
    expect(currentUrl()).toBe(`/ride/${DEVICE}`);
    expect(readSavedSession()).toBeNull();
  });

  it("says why the cart was refused (its status' message)", async () => {
    const { input, submit, dialog } = await openDialog(() =>
      json({ message: 'This cart is in use by another guest', code: 'IN_USE' }, 409),
    );
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This cart is in use by another guest.',
    );
  });

  it('sends the code, remembers the ride and opens its session page', async () => {
    const { server, input, submit } = await openDialog(() => json({ session: SESSION }));
    fireEvent.change(input, { target: { value: '424242' } });
    fireEvent.click(submit);
    await waitFor(() => expect(currentUrl()).toBe(`/ride/${DEVICE}/session/${SESSION}`));
    expect(server.callsTo('POST', UNLOCK)[0]!.body).toEqual({ rideData: { type: 'code', code: '424242' } });
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlocking your cart' })).toBeTruthy();
  });
});
