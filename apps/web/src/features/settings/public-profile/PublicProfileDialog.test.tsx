import type { SiteView } from '@fairway/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { PublicProfileDialog } from './PublicProfileDialog';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const SITE_PATH = '/api/dashboard/sites';
const SITE = makeSite({
  publicProfile: {
    ...makeSite().publicProfile,
    name: 'Demo Golf Club',
    description: 'Eighteen holes by the river.',
    address: { street: 'Fairway 1', city: 'Prague', postcode: '110 00', country: 'CZ' },
  },
});

function renderDialog(
  answer: (body: unknown) => Response = (body) =>
    json({
      ...SITE,
      publicProfile: {
        ...SITE.publicProfile,
        ...(body as { updateData: { publicProfile: object } }).updateData.publicProfile,
      },
    }),
) {
  const server = installFetchMock({ [`PATCH ${SITE_PATH}`]: (call) => answer(call.body) });
  const onClose = vi.fn();
  renderAsOperator(<PublicProfileDialog open site={SITE as SiteView} onClose={onClose} />, 'admin');
  return { ...server, onClose };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

resetOperatorSessionAroundEachTest();

// A dialog of nine MUI fields renders slowly in jsdom; the default 5 s can run out on a busy machine.
describe('PublicProfileDialog', { timeout: 15_000 }, () => {
  it('starts from the saved profile', () => {
    renderDialog();
    expect(field(/Display name/).value).toBe('Demo Golf Club');
    expect(field('Description').value).toBe('Eighteen holes by the river.');
    expect(field('City').value).toBe('Prague');
  });

  it('requires a display name and sends nothing without one', async () => {
    const server = renderDialog();
    fireEvent.change(field(/Display name/), { target: { value: '   ' } });
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(0);
  });

  it('adds https:// to a website without a scheme as soon as the field is left', () => {
    renderDialog();
    fireEvent.change(field('Website'), { target: { value: 'demo-golf.example ' } });
    fireEvent.blur(field('Website'));
    expect(field('Website').value).toBe('https://demo-golf.example');
  });

  it('refuses a website that is no address', async () => {
    const server = renderDialog();
    fireEvent.change(field('Website'), { target: { value: 'not a website' } });
    save();
    expect(await screen.findByText('Please enter a valid website address')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(0);
  });

  it('saves the trimmed profile with the normalised website, then closes', async () => {
    const server = renderDialog();
    fireEvent.change(field(/Display name/), { target: { value: '  Riverside Golf ' } });
    fireEvent.change(field('Website'), { target: { value: 'riverside.example' } });
    fireEvent.change(field('Terms and conditions'), { target: { value: 'Carts stay on the paths.' } });
    save();
    expect(await screen.findByText('Public profile saved')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)[0]?.body).toEqual({
      updateData: {
        publicProfile: {
          name: 'Riverside Golf',
          description: 'Eighteen holes by the river.',
          website: 'https://riverside.example',
          termsAndConditions: 'Carts stay on the paths.',
          address: { street: 'Fairway 1', city: 'Prague', postcode: '110 00', country: 'CZ' },
        },
      },
    });
    expect(server.onClose).toHaveBeenCalled();
  });

  it('asks before discarding changes, and closes at once without any', async () => {
    const { onClose } = renderDialog();
    fireEvent.change(field('Description'), { target: { value: 'Nine holes.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Discard changes?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    // The edit dialog is hidden from the accessibility tree until the question has faded out.
    await waitFor(() => expect(field('Description').value).toBe('Nine holes.'));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes without asking when nothing changed', () => {
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Discard changes?')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog open and shows the server refusal', async () => {
    const server = renderDialog(() => json({ message: 'name: At most 80 characters' }, 400));
    save();
    expect(await screen.findByText('name: At most 80 characters')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(1));
    expect(server.onClose).not.toHaveBeenCalled();
  });
});
