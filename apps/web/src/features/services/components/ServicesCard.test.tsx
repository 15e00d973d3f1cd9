import type { Role, ServiceView, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { deferred, installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { JUNIORS, makePrice, makeService, SENIORS } from '../testing/fixtures';
import { ServicesCard } from './ServicesCard';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const SERVICES_PATH = '/api/dashboard/services';
const SITE_PATH = '/api/dashboard/sites';
type Routes = Parameters<typeof installFetchMock>[0];

const EIGHTEEN = makeService({
  name: '18 holes',
  duration: 240,
  prices: [
    makePrice({ amount: 2500 }),
    makePrice({ name: 'Seniors', amount: 500, userGroup: SENIORS._id, userGroupName: 'Seniors' }),
  ],
});

interface Setup {
  role: Role;
  services?: ServiceView[];
  site?: SiteView;
  routes?: Routes;
  url?: string;
}

function renderCard({ role, services = [EIGHTEEN], site = makeSite(), routes = {}, url = '/' }: Setup) {
  storeTokens({ accessToken: fakeAccessToken({ role }), refreshToken: 'refresh' });
  const server = installFetchMock({
    [`GET ${SERVICES_PATH}`]: () => json(services),
    [`GET ${SITE_PATH}`]: () => json(site),
    'GET /api/dashboard/sites/user-groups': () => json([SENIORS, JUNIORS]),
    ...routes,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <NotificationHost />
        <ServicesCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const table = () => within(screen.getByRole('table', { name: 'Services' }));
async function chooseCurrency(typed: string, option: string) {
  const input = (await screen.findByRole('combobox', { name: /Currency/ })) as HTMLInputElement;
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
  return input;
}

resetOperatorSessionAroundEachTest();

describe('ServicesCard', { timeout: 20_000 }, () => {
  it('lists each service with its duration, number of prices and price range in the site currency', async () => {
    renderCard({ role: 'user' });
    await screen.findByText('18 holes');
    const row = within(table().getByRole('row', { name: /18 holes/ }));
    expect(row.getByText('4:00')).toBeTruthy();
    expect(row.getByText('2')).toBeTruthy();
    expect(row.getByText('€5.00 – €25.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add service' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Edit 18 holes' })).toBeTruthy();
  });

  it('shows skeleton rows while loading', async () => {
    const answer = deferred<Response>();
    renderCard({ role: 'user', routes: { [`GET ${SERVICES_PATH}`]: () => answer.promise } });
    expect(screen.getAllByTestId('service-skeleton-row')).toHaveLength(3);
    answer.resolve(json([EIGHTEEN]));
    expect(await screen.findByText('18 holes')).toBeTruthy();
    expect(screen.queryByTestId('service-skeleton-row')).toBeNull();
  });

  it('shows an error with a retry that loads the services again', async () => {
    let calls = 0;
    renderCard({
      role: 'user',
      routes: {
        [`GET ${SERVICES_PATH}`]: () =>
          ++calls === 1 ? json({ message: 'Site not found' }, 404) : json([EIGHTEEN]),
      },
    });
    expect(await screen.findByText('Could not load the services')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('18 holes')).toBeTruthy();
    expect(screen.queryByText('Could not load the services')).toBeNull();
  });

  it('shows the empty state with the add button, which opens the service dialog', async () => {
    renderCard({ role: 'user', services: [] });
    expect(await screen.findByText('No services yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add service' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    expect(await screen.findByRole('dialog', { name: 'Add service' })).toBeTruthy();
  });

  it('opens the add dialog from the ?addService=true link', async () => {
    renderCard({ role: 'user', url: '/settings/booking?addService=true' });
    expect(await screen.findByRole('dialog', { name: 'Add service' })).toBeTruthy();
  });

  it('opens an existing service for editing', async () => {
    renderCard({ role: 'user' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 18 holes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit service' }));
    expect((dialog.getByLabelText(/^Name/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      '18 holes',
    );
    expect((dialog.getByLabelText(/^Duration/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      '04:00',
    );
  });

  it("deletes a service after 'Delete service?'", async () => {
    const path = `${SERVICES_PATH}/${EIGHTEEN._id}`;
    const server = renderCard({ role: 'user', routes: { [`DELETE ${path}`]: () => json(undefined, 204) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 18 holes' }));
    expect(screen.getByText('Delete service?')).toBeTruthy();
    expect(server.callsTo('DELETE', path)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Service deleted')).toBeTruthy();
    expect(server.callsTo('DELETE', path)).toHaveLength(1);
  });

  it('shows role basic the services and the currency without any change', async () => {
    renderCard({ role: 'basic' });
    await screen.findByText('18 holes');
    expect(screen.queryByRole('button', { name: 'Add service' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit 18 holes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete 18 holes' })).toBeNull();
    const currency = (await screen.findByRole('textbox', { name: 'Currency' })) as HTMLInputElement;
    expect(currency.value).toBe('EUR — Euro');
    expect(currency.readOnly).toBe(true);
    expect(screen.queryByRole('combobox', { name: /Currency/ })).toBeNull();
  });

  it('leaves the currency read-only for role user, who manages the services', async () => {
    renderCard({ role: 'user' });
    expect(((await screen.findByRole('textbox', { name: 'Currency' })) as HTMLInputElement).readOnly).toBe(
      true,
    );
  });

  it("changes an admin's currency after confirming that amounts keep their numbers", async () => {
    let site = makeSite({ currency: 'EUR' });
    const server = renderCard({
      role: 'admin',
      routes: {
        [`GET ${SITE_PATH}`]: () => json(site),
        [`PATCH ${SITE_PATH}`]: (call) => {
          site = {
            ...site,
            currency: (call.body as { updateData: { currency: string } }).updateData.currency,
          };
          return json(site);
        },
      },
    });
    const before = (await screen.findByRole('combobox', { name: /Currency/ })) as HTMLInputElement;
    expect(before.value).toBe('EUR — Euro');
    const input = await chooseCurrency('Danish', 'DKK — Danish Krone');

    expect(screen.getByText('Change the currency to DKK?')).toBeTruthy();
    expect(
      screen.getByText(
        'Amounts keep their numbers: a price of 25.00 EUR becomes 25.00 DKK. Check your prices after the change.',
      ),
    ).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));

    expect(await screen.findByText('Currency updated')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH).map((call) => call.body)).toEqual([
      { updateData: { currency: 'DKK' } },
    ]);
    await waitFor(() => expect(input.value).toBe('DKK — Danish Krone'));
    // The services carry the currency, so they are asked for again.
    await waitFor(() => expect(server.callsTo('GET', SERVICES_PATH)).toHaveLength(2));
  });

  it('keeps the currency when the admin cancels the confirmation', async () => {
    const server = renderCard({ role: 'admin' });
    const input = await chooseCurrency('DKK', 'DKK — Danish Krone');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(input.value).toBe('EUR — Euro'));
    expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(0);
  });

  it('shows which prices are below the new currency minimum when the server refuses', async () => {
    const message = 'These prices are below the minimum of 125.00 CZK: 18 holes / Seniors';
    renderCard({
      role: 'admin',
      routes: { [`PATCH ${SITE_PATH}`]: () => json({ message, code: 'pricesBelowMinimum' }, 400) },
    });
    const input = await chooseCurrency('czech', 'CZK — Czech Koruna');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));

    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('The currency was not changed')).toBeTruthy();
    expect(alert.getByText(message)).toBeTruthy();
    expect(input.value).toBe('EUR — Euro');
    expect(screen.queryByText('Currency updated')).toBeNull();
  });
});
