import type { ClientView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { ADMIN_SITES, uuidOf } from '../components/testing/admin-fixtures';
import { ClientsPage } from './ClientsPage';

const [DEMO, SECOND] = ADMIN_SITES.map((site) => site._id) as [string, string];
const NEW_KEY = `fwk_${'A'.repeat(43)}`;
const OTHER_KEY = `fwk_${'B'.repeat(43)}`;

function makeClient(overrides: Partial<ClientView> = {}): ClientView {
  return {
    _id: uuidOf('c', 1),
    name: 'Tee Times Pro',
    sites: [DEMO],
    keyPreview: 'fwk_Xy12',
    usage: { count: 1234, date: null },
    createdAt: '2026-11-02T09:30:00.000Z',
    ...overrides,
  };
}

function renderClients(
  clients: ClientView[] | (() => Response),
  routes: Parameters<typeof renderOperatorPage>[0]['routes'] = {},
) {
  return renderOperatorPage({
    role: 'superadmin',
    path: '/admin/clients',
    url: '/admin/clients',
    element: <ClientsPage />,
    routes: {
      'GET /api/admin/clients': () => (typeof clients === 'function' ? clients() : json(clients)),
      'GET /api/admin/sites': () => json(ADMIN_SITES),
      ...routes,
    },
  });
}

const row = (client: ClientView) => screen.findByTestId(`client-row-${client._id}`);
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });
const bodyOf = (call: RecordedCall | undefined) => call?.body as Record<string, unknown>;

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());

describe('ClientsPage', () => {
  it('explains what clients are for and links to the API docs when there are none', async () => {
    renderClients([]);
    expect(await screen.findByRole('heading', { name: 'No API clients yet' })).toBeTruthy();
    expect(screen.getByText(/calls Fairway's Client API with its own key/)).toBeTruthy();
    const docs = screen.getByRole('link', { name: 'API documentation' });
    expect(docs.getAttribute('href')).toBe('/api/docs');
  });

  it('lists name, key preview, sites, usage and last use, and when it was made', async () => {
    const used = makeClient({
      _id: uuidOf('c', 2),
      name: 'Booking Hub',
      sites: [DEMO, SECOND],
      usage: { count: 1234, date: new Date(Date.now() - 3 * 3_600_000).toISOString() },
    });
    const unused = makeClient({
      _id: uuidOf('c', 3),
      name: 'Fresh App',
      sites: [],
      usage: { count: 0, date: null },
    });
    renderClients([used, unused]);
    const usedRow = await row(used);
    expect(within(usedRow).getByText('Booking Hub')).toBeTruthy();
    expect(within(usedRow).getByText('fwk_Xy12…')).toBeTruthy();
    expect(await within(usedRow).findByText('Demo Golf Club')).toBeTruthy();
    expect(within(usedRow).getByText('Second Club')).toBeTruthy();
    expect(within(usedRow).getByTestId('client-usage').textContent).toBe('1,234');
    expect(within(usedRow).getByTestId('client-last-used').textContent).toBe('3 hours ago');
    expect(within(usedRow).getByText('02/11/2026')).toBeTruthy();
    const unusedRow = await row(unused);
    expect(within(unusedRow).getByText('Never')).toBeTruthy();
    expect(within(unusedRow).getByText('No sites (guest API only)')).toBeTruthy();
  });

  it('says so, with retry, when the clients cannot be loaded', async () => {
    let fail = true;
    const client = makeClient();
    renderClients(() => (fail ? json({ message: 'Database down' }, 500) : json([client])));
    expect(await screen.findByText('Could not load the clients', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await row(client)).toBeTruthy();
  });

  it('adds a client (name required) and shows its key once, with a copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = renderClients([], {
      'POST /api/admin/clients': (call) =>
        json(
          { client: makeClient({ ...(call.body as object), keyPreview: 'fwk_AAAA' }), apiKey: NEW_KEY },
          201,
        ),
    });
    await screen.findByRole('heading', { name: 'No API clients yet' });
    fireEvent.click(screen.getByTestId('clients-add'));
    const form = await dialog('Add client');
    fireEvent.click(within(form).getByTestId('client-form-submit'));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/clients')).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('client-form-name'), { target: { value: 'Tee Times Pro' } });
    fireEvent.change(within(form).getByTestId('site-picker'), { target: { value: 'Second' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Second Club' }));
    fireEvent.click(within(form).getByTestId('client-form-submit'));

    const shown = await dialog('API key for Tee Times Pro');
    expect(bodyOf(server.callsTo('POST', '/api/admin/clients')[0])).toEqual({
      name: 'Tee Times Pro',
      sites: [SECOND],
    });
    expect((within(shown).getByTestId('api-key-value') as HTMLInputElement).value).toBe(NEW_KEY);
    expect(within(shown).getByText(/You won't see it again/)).toBeTruthy();
    fireEvent.click(within(shown).getByTestId('api-key-copy'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);
    fireEvent.click(within(shown).getByTestId('api-key-done'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'API key for Tee Times Pro' })).toBeNull(),
    );
  });

  it('regenerating asks first, then shows the new key once', async () => {
    const client = makeClient();
    const server = renderClients([client], {
      [`PATCH /api/admin/clients/${client._id}`]: () => json({ client, apiKey: OTHER_KEY }),
    });
    fireEvent.click(within(await row(client)).getByTestId(`client-regenerate-${client._id}`));
    const confirm = await dialog('Change API key?');
    expect(within(confirm).getByText('Are you sure you want to change this API Key?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change API key?' })).toBeNull());
    expect(server.callsTo('PATCH', `/api/admin/clients/${client._id}`)).toHaveLength(0);

    fireEvent.click(screen.getByTestId(`client-regenerate-${client._id}`));
    fireEvent.click(within(await dialog('Change API key?')).getByRole('button', { name: 'Change key' }));
    const shown = await dialog('API key for Tee Times Pro');
    expect((within(shown).getByTestId('api-key-value') as HTMLInputElement).value).toBe(OTHER_KEY);
    expect(bodyOf(server.callsTo('PATCH', `/api/admin/clients/${client._id}`)[0])).toEqual({
      regenerateKey: true,
    });
  });

  it('edits only what changed', async () => {
    const client = makeClient();
    const server = renderClients([client], {
      [`PATCH /api/admin/clients/${client._id}`]: () => json({ client: { ...client, name: 'Tee Times' } }),
    });
    fireEvent.click(within(await row(client)).getByTestId(`client-edit-${client._id}`));
    const form = await dialog('Edit client');
    fireEvent.change(within(form).getByTestId('client-form-name'), { target: { value: 'Tee Times' } });
    fireEvent.click(within(form).getByTestId('client-form-submit'));
    expect(await screen.findByText('Client saved')).toBeTruthy();
    expect(bodyOf(server.callsTo('PATCH', `/api/admin/clients/${client._id}`)[0])).toEqual({
      name: 'Tee Times',
    });
  });

  it('deleting warns that the client loses access, then deletes', async () => {
    const client = makeClient();
    let clients = [client];
    const server = renderClients(() => json(clients), {
      [`DELETE /api/admin/clients/${client._id}`]: () => {
        clients = [];
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(within(await row(client)).getByTestId(`client-delete-${client._id}`));
    const confirm = await dialog('Delete Tee Times Pro?');
    expect(within(confirm).getByText('This client will lose access to the Client API')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tee Times Pro was deleted')).toBeTruthy();
    expect(server.callsTo('DELETE', `/api/admin/clients/${client._id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'No API clients yet' })).toBeTruthy();
  });
});
