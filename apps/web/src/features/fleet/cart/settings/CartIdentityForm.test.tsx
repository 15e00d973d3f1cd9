import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../app/query-client';
import { NotificationHost } from '../../../../components/NotificationHost';
import '../../../../lib/i18n';
import { dismissAllToasts } from '../../../../lib/notifications';
import { setSelectedSite } from '../../../../lib/selected-site';
import { makeCart, SITE_A } from '../../../../test/carts';
import { installFetchMock, json } from '../../../../test/fetch-mock';
import { CartIdentityForm } from './CartIdentityForm';

const cart = makeCart({ carNumber: '5', carName: 'Old name', lockCode: null });
const patchPath = `/api/dashboard/devices/${cart._id}`;

function renderForm(patch: Parameters<typeof installFetchMock>[0][string]) {
  const server = installFetchMock({ [`PATCH ${patchPath}`]: patch });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <CartIdentityForm cart={cart} takenCarNumbers={new Set(['7'])} />
    </QueryClientProvider>,
  );
  return server;
}

const carNumber = () => screen.getByTestId('cart-number-input') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeEach(() => {
  dismissAllToasts();
  setSelectedSite(SITE_A, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CartIdentityForm', () => {
  it('accepts digits only for the car number', async () => {
    const server = renderForm(() => json(cart));
    fireEvent.change(carNumber(), { target: { value: '5a' } });
    save();
    expect(await screen.findByText('Car number must contain digits only')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('refuses a number another cart of the site has, without asking the server', async () => {
    const server = renderForm(() => json(cart));
    fireEvent.change(carNumber(), { target: { value: '7' } });
    save();
    expect(await screen.findByText('Car number already exists.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it("shows the server's duplicate answer at the field", async () => {
    renderForm(() => json({ message: 'Car number already exists.' }, 409));
    fireEvent.change(carNumber(), { target: { value: '8' } });
    save();
    expect(await screen.findByText('Car number already exists.')).toBeTruthy();
  });

  it('sends only the changed fields, with a generated 6-digit code', async () => {
    const server = renderForm((call) =>
      json({ ...cart, ...(call.body as { updateData: object }).updateData }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'New name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate a code' }));
    save();

    expect(await screen.findByText('Device Updated!')).toBeTruthy();
    const [call] = server.calls;
    const { updateData } = call?.body as { updateData: Record<string, unknown> };
    expect(Object.keys(updateData).sort()).toEqual(['carName', 'lockCode']);
    expect(updateData.lockCode).toMatch(/^[1-9]\d{5}$/);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });
});
