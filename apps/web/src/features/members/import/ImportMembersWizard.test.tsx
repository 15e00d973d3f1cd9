import type { MemberImportResult } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts } from '../../../lib/notifications';
import { setSelectedSite } from '../../../lib/selected-site';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { deferred, installFetchMock, json } from '../../../test/fetch-mock';
import { ImportMembersWizard } from './ImportMembersWizard';
import { fixtureFile, installBlobArrayBuffer } from './test-files';

const IMPORT_PATH = '/api/dashboard/members/import';

function renderWizard(routes: Parameters<typeof installFetchMock>[0] = {}) {
  const server = installFetchMock(routes);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <ImportMembersWizard open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { server, onClose };
}

const fileInput = () => screen.getByLabelText('Choose a .csv file') as HTMLInputElement;
const chooseFile = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

async function toReview() {
  chooseFile(fixtureFile('members-latin1.csv'));
  await screen.findByRole('combobox', { name: /^Name/ });
  fireEvent.click(button('Next'));
}

beforeAll(installBlobArrayBuffer);
beforeEach(() => {
  dismissAllToasts();
  setSelectedSite(SITE_A, null);
  storeTokens({ accessToken: fakeAccessToken({ role: 'user' }), refreshToken: 'refresh' });
});
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

describe('ImportMembersWizard', () => {
  it('moves to the mapping on file choice, with the columns pre-filled from the Danish header', async () => {
    renderWizard();
    chooseFile(fixtureFile('members-latin1.csv'));
    expect((await screen.findByRole('combobox', { name: /^Name/ })).textContent).toBe('Navn');
    expect(select('Email').textContent).toBe('E-mail');
    expect(select('Member number').textContent).toBe('Medlemsnummer');
    expect(select('Company').textContent).toBe('Firma');
    expect(select('Phone').textContent).toBe('Telefon');
    // The first row shows what each column holds, decoded from ISO-8859-1.
    expect(screen.getByText('e.g. Søren Ærøskøbing')).toBeTruthy();
  });

  it('needs name and email mapped before the review', async () => {
    renderWizard();
    chooseFile(fixtureFile('members-latin1.csv'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Email/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Not imported' }));
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByText('Choose a column')).toBeTruthy();
  });

  it('reviews valid, invalid (with why) and repeated rows, and going back to step 1 starts over', async () => {
    renderWizard();
    await toReview();
    expect(screen.getByTestId('import-valid-count').textContent).toBe('Members to import: 4');
    expect(screen.getByTestId('import-invalid-count').textContent).toBe('Invalid rows, not imported: 3');
    expect(screen.getByTestId('import-repeated-count').textContent).toBe(
      'Repeated in the file, imported once: 1',
    );
    const invalid = within(screen.getByRole('table', { name: 'Invalid rows' }));
    expect(invalid.getByText('Name is missing')).toBeTruthy();
    expect(invalid.getByText('Email is missing')).toBeTruthy();
    expect(invalid.getByText('Email is not valid')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Members to import' }).textContent).toContain('Jürgen Weiß');

    fireEvent.click(button('Back'));
    expect(screen.queryByTestId('import-invalid-count')).toBeNull();
    expect(select('Name').textContent).toBe('Navn');
    fireEvent.click(button('Back'));
    expect(screen.queryByRole('combobox', { name: /^Name/ })).toBeNull();
    expect(fileInput()).toBeTruthy();
  });

  it('imports with progress, then lists the duplicates the server named, and Finish closes', async () => {
    const answer = deferred<Response>();
    const result: MemberImportResult = {
      imported: 3,
      duplicateMembers: [
        { name: 'Åse Öberg', email: 'ase@example.se', reason: 'existing' },
        { name: 'Søren Igen', email: 'soren@example.dk', reason: 'file' },
      ],
      invalidMembers: [],
    };
    const { server, onClose } = renderWizard({ [`POST ${IMPORT_PATH}`]: () => answer.promise });
    await toReview();
    fireEvent.click(button('Import'));
    expect(await screen.findByRole('progressbar', { name: 'Importing members…' })).toBeTruthy();
    expect(button('Import').disabled).toBe(true);

    answer.resolve(json(result));
    expect(await screen.findByTestId('import-imported-count')).toBeTruthy();
    expect(screen.getByTestId('import-imported-count').textContent).toBe('Members imported: 3');
    const duplicates = within(screen.getByRole('table', { name: 'Duplicates' }));
    expect(duplicates.getByText('Already a member')).toBeTruthy();
    expect(duplicates.getByText('Repeated in the file')).toBeTruthy();
    const sent = server.callsTo('POST', IMPORT_PATH)[0]?.body as { members: { name: string }[] };
    expect(sent.members).toHaveLength(8);
    expect(sent.members[1]).toEqual({
      name: 'Jürgen Weiß',
      email: 'juergen@example.de',
      memberNumber: '1002',
      company: 'Müller & Söhne GmbH',
      phone: '+49 30 1234567',
    });

    fireEvent.click(button('Finish'));
    expect(onClose).toHaveBeenCalled();
  });

  it('asks before cancelling once a file is chosen', async () => {
    const { onClose } = renderWizard();
    chooseFile(fixtureFile('members-latin1.csv'));
    await screen.findByRole('combobox', { name: /^Name/ });
    fireEvent.click(button('Cancel'));
    expect(screen.getByText('Cancel?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a file that is not .csv and stays on step 1', async () => {
    renderWizard();
    chooseFile(new File(['name,email'], 'members.xlsx'));
    expect(await screen.findByText('Please choose a .csv file.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Name/ })).toBeNull();
  });

  it('reviews a 10,000-row file with the lists capped', async () => {
    const lines = [
      'name,email',
      ...Array.from({ length: 10_000 }, (_, i) => `Member ${i},member${i}@example.com`),
    ];
    renderWizard();
    chooseFile(new File([lines.join('\n')], 'big.csv', { type: 'text/csv' }));
    await screen.findByRole('combobox', { name: /^Name/ });
    fireEvent.click(button('Next'));
    expect(screen.getByTestId('import-valid-count').textContent).toBe('Members to import: 10,000');
    expect(screen.getByText('and 9,900 more')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Members to import' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(101));
  });
});
