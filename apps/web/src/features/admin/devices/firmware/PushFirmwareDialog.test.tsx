import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../../test/fetch-mock';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../../test/operator-session';
import { uuidOf } from '../../components/testing/admin-fixtures';
import { PushFirmwareDialog } from './PushFirmwareDialog';
import { makeFirmwareFile } from './testing/firmware-fixtures';

const LIST = '/api/storage/firmware';
const PUSH = '/api/admin/devices/firmware';
const [CART_1, CART_2, CART_3] = [1, 2, 3].map((n) => uuidOf('c', n)) as [string, string, string];

resetOperatorSessionAroundEachTest();

describe('PushFirmwareDialog', () => {
  it('pushes the chosen image to the selected carts and lists the carts skipped with their reasons', async () => {
    const wifi = makeFirmwareFile({ name: 'wifi-fw-2.4.1.bin', version: '2.4.1' });
    const gsm = makeFirmwareFile({ folder: 'sim7600', name: 'sim7600_v1.3.0.bin', version: '1.3.0' });
    const server = installFetchMock({
      [`GET ${LIST}`]: (call) => json(call.query.get('folder') === 'sim7600' ? [gsm] : [wifi]),
      [`POST ${PUSH}`]: () =>
        json({
          done: 1,
          ids: [CART_1],
          skipped: [
            { id: CART_2, carNumber: '12', reason: 'offline', message: 'Car 12 is offline' },
            { id: CART_3, carNumber: '7', reason: 'alreadyOnVersion', message: 'Car 7 already runs 1.3.0' },
          ],
        }),
    });
    const onClose = vi.fn();
    renderAsOperator(
      <PushFirmwareDialog deviceIds={[CART_1, CART_2, CART_3]} open onClose={onClose} />,
      'superadmin',
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Push firmware' }));
    expect(dialog.getByText(/selected carts \(3\)/)).toBeTruthy();
    expect(await dialog.findByTestId('firmware-push-file-wifi-fw-2.4.1.bin')).toBeTruthy();

    // Nothing chosen yet: nothing is sent.
    fireEvent.click(dialog.getByTestId('firmware-push-submit'));
    expect(await dialog.findByText('Please choose an image to push')).toBeTruthy();
    expect(server.callsTo('POST', PUSH)).toHaveLength(0);

    fireEvent.click(dialog.getByTestId('firmware-push-folder-sim7600'));
    fireEvent.click(await dialog.findByRole('radio', { name: /sim7600_v1\.3\.0\.bin/ }));
    fireEvent.click(dialog.getByTestId('firmware-push-submit'));

    const result = within(await dialog.findByTestId('firmware-push-result'));
    expect(server.callsTo('POST', PUSH)[0]!.body).toEqual({ ids: [CART_1, CART_2, CART_3], fileId: gsm._id });
    expect(result.getByText('Firmware 1.3.0 sent to 1 cart(s)')).toBeTruthy();
    // Told once, in the dialog: no toast on top of it (at phone width it covered this alert).
    expect(screen.getAllByText('Firmware 1.3.0 sent to 1 cart(s)')).toHaveLength(1);
    expect(result.getByText('Not sent (2)')).toBeTruthy();
    const skipped = within(result.getByTestId('firmware-push-skipped')).getAllByRole('listitem');
    expect(skipped.map((item) => item.textContent)).toEqual(['Car 12Offline', 'Car 7Already runs 1.3.0']);

    // The focused Push button is gone: the focus is on Close, so the keyboard still reaches the dialog.
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByTestId('firmware-push-close')));
    fireEvent.click(dialog.getByTestId('firmware-push-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'No cars selected' and sends nothing without a selection", async () => {
    const server = installFetchMock({ [`GET ${LIST}`]: () => json([makeFirmwareFile()]) });
    renderAsOperator(<PushFirmwareDialog deviceIds={[]} open onClose={() => {}} />, 'superadmin');
    const dialog = within(await screen.findByRole('dialog', { name: 'Push firmware' }));
    expect(dialog.getByText('No cars selected')).toBeTruthy();
    expect((dialog.getByTestId('firmware-push-submit') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(server.callsTo('GET', LIST)).toHaveLength(1));
    expect(server.callsTo('POST', PUSH)).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog", async () => {
    const file = makeFirmwareFile({ name: 'gone-1.0.0.bin' });
    installFetchMock({
      [`GET ${LIST}`]: () => json([file]),
      [`POST ${PUSH}`]: () => json({ message: 'Firmware file not found' }, 404),
    });
    renderAsOperator(<PushFirmwareDialog deviceIds={[CART_1]} open onClose={() => {}} />, 'superadmin');
    const dialog = within(await screen.findByRole('dialog', { name: 'Push firmware' }));
    fireEvent.click(await dialog.findByRole('radio', { name: /gone-1\.0\.0\.bin/ }));
    fireEvent.click(dialog.getByTestId('firmware-push-submit'));
    expect(await dialog.findByText('Firmware file not found')).toBeTruthy();
  });
});
