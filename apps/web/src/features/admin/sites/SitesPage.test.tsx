import type { SiteView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSelectedSiteId, setSelectedSite } from '../../../lib/selected-site';
import { SITE_A, SITE_B } from '../../../test/carts';
import { json, type RecordedCall } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { makeSite } from '../../commands/testing/fixtures';
import { reloadPage } from './lib/reload-page';
import { SitesPage } from './SitesPage';

vi.mock('./lib/reload-page', () => ({ reloadPage: vi.fn() }));

const STAGING = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const demo = makeSite({
  _id: SITE_A,
  name: 'Demo Golf Club',
  stripeConfig: {
    accountId: 'acct_demo123',
    accountActive: true,
    revenueShareMethod: 'percentage',
    percentage: 5,
    fixedFee: 0,
    unlockFee: 0,
  },
});
const second = makeSite({
  _id: SITE_B,
  name: 'Second Club',
  devices: 12,
  country: 'DK',
  currency: 'DKK',
  centerLatLong: '55.676098, 12.568337',
  keyless: true,
  stripeConfig: {
    accountId: null,
    accountActive: false,
    revenueShareMethod: 'fixed',
    percentage: 0,
    fixedFee: 200,
    unlockFee: 0,
  },
});
const staging = makeSite({
  _id: STAGING,
  name: 'Staging',
  staging: true,
  centerLatLong: '0.000000, 0.000000',
});

function renderSites(
  sites: SiteView[] | (() => Response),
  routes: Parameters<typeof renderOperatorPage>[0]['routes'] = {},
) {
  return renderOperatorPage({
    role: 'superadmin',
    path: '/admin/sites',
    url: '/admin/sites',
    element: <SitesPage />,
    routes: {
      'GET /api/admin/sites': () => (typeof sites === 'function' ? sites() : json(sites)),
      ...routes,
    },
  });
}

const row = (site: SiteView) => screen.findByTestId(`site-row-${site._id}`);
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });
const bodyOf = (call: RecordedCall | undefined) => call?.body as Record<string, unknown>;

// jsdom lays nothing out; Leaflet needs a map of some size to place its pins.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterAll(() => vi.restoreAllMocks());
resetOperatorSessionAroundEachTest();
beforeEach(() => {
  localStorage.clear();
  vi.mocked(reloadPage).mockClear();
});

describe('SitesPage', () => {
  it('shows each site in the table (Stripe, currency, fee, modules) and as a pin that picks its row', async () => {
    renderSites([demo, second, staging]);
    const demoRow = await row(demo);
    expect(within(demoRow).getByText('Demo Golf Club')).toBeTruthy();
    expect(within(demoRow).getByText(SITE_A)).toBeTruthy();
    expect(within(demoRow).getByText('acct_demo123')).toBeTruthy();
    expect(within(demoRow).getByText('Active')).toBeTruthy();
    expect(within(demoRow).getByText('5%')).toBeTruthy();
    const secondRow = await row(second);
    expect(within(secondRow).getByText('Not connected')).toBeTruthy();
    expect(within(secondRow).getByText('DKK 2.00')).toBeTruthy();
    expect(within(secondRow).getByText('55.676098, 12.568337')).toBeTruthy();
    expect(screen.getByText('3 sites')).toBeTruthy();

    const pin = await waitFor(() => {
      const element = document.querySelector(`[data-testid="site-pin-${SITE_B}"]`);
      expect(element).not.toBeNull();
      return element as HTMLElement;
    });
    expect(pin.getAttribute('aria-label')).toBe('Site Second Club');
    expect(secondRow.className).not.toContain('Mui-selected');
    fireEvent.click(pin);
    await waitFor(() => expect(secondRow.className).toContain('Mui-selected'));
  });

  it('stays usable when the map tiles cannot be loaded', async () => {
    // No GET /api/config: the tile sources are unknown.
    renderSites([demo]);
    expect(await screen.findByTestId('sites-map-tiles-unavailable')).toBeTruthy();
    expect(await row(demo)).toBeTruthy();
  });

  it('says so, with retry, when the sites cannot be loaded', async () => {
    let fail = true;
    renderSites(() => (fail ? json({ message: 'Database down' }, 500) : json([demo])));
    expect(await screen.findByText('Could not load the sites', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await row(demo)).toBeTruthy();
  });

  it('New Site checks the spec §5 rules, then creates the site with its centre to 6 decimals', async () => {
    const server = renderSites([demo], {
      'POST /api/admin/sites': (call) => json(makeSite({ _id: SITE_B, ...(call.body as object) }), 201),
    });
    await row(demo);
    fireEvent.click(screen.getByTestId('sites-new'));
    const form = await dialog('New Site');
    fireEvent.click(within(form).getByTestId('new-site-submit'));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(4); // name, country, centre, zone
    expect(within(form).getByText('Item is required')).toBeTruthy(); // revenue share method

    fireEvent.change(within(form).getByTestId('site-form-name'), { target: { value: 'Harbour Golf' } });
    fireEvent.change(within(form).getByTestId('site-form-country'), { target: { value: 'DK' } });
    fireEvent.change(within(form).getByTestId('site-form-center'), { target: { value: '55.6761, north' } });
    fireEvent.click(within(form).getByTestId('new-site-submit'));
    expect(await within(form).findByText("Input must be in 'lat, long' format")).toBeTruthy();

    fireEvent.change(within(form).getByTestId('site-form-center'), { target: { value: '55.6761,12.5683' } });
    const zone = within(form).getByTestId('site-form-timezone');
    fireEvent.change(zone, { target: { value: 'Europe/Copenh' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/Copenhagen' }));
    fireEvent.mouseDown(within(form).getByTestId('site-form-revenue'));
    fireEvent.click(await screen.findByRole('option', { name: 'Percentage of each payment' }));
    fireEvent.click(within(form).getByTestId('new-site-submit'));

    expect(await screen.findByText('Site added successfully')).toBeTruthy();
    expect(bodyOf(server.callsTo('POST', '/api/admin/sites')[0])).toEqual({
      name: 'Harbour Golf',
      country: 'DK',
      currency: 'EUR',
      centerLatLong: '55.676100, 12.568300',
      timezone: 'Europe/Copenhagen',
      revenueShareMethod: 'percentage',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Site' })).toBeNull());
    // Four rounds of a form with two long pickers: slow in jsdom on a busy machine, not a timing assertion.
  }, 60_000);

  it('a module switch PATCHes at once, and moves back with the reason when the server refuses', async () => {
    let refuse = false;
    let current = demo;
    const server = renderSites(() => json([current]), {
      [`PATCH /api/admin/sites/${SITE_A}`]: (call) => {
        if (refuse) return json({ message: 'Database down' }, 500);
        current = { ...current, ...(call.body as { updateData: Partial<SiteView> }).updateData };
        return json(current);
      },
    });
    await row(demo);
    const keyless = () => screen.getByTestId(`module-keyless-${SITE_A}`).querySelector('input')!;
    expect(keyless().checked).toBe(true);
    fireEvent.click(keyless());
    await waitFor(() => expect(server.callsTo('PATCH', `/api/admin/sites/${SITE_A}`)).toHaveLength(1));
    expect(bodyOf(server.callsTo('PATCH', `/api/admin/sites/${SITE_A}`)[0])).toEqual({
      updateData: { keyless: false },
    });
    await waitFor(() => expect(keyless().checked).toBe(false));
    await waitFor(() => expect(keyless().disabled).toBe(false));

    refuse = true;
    const s2r = () => screen.getByTestId(`module-scanToRideToggle-${SITE_A}`).querySelector('input')!;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(s2r());
    expect(s2r().checked).toBe(true); // at once, before the answer
    expect(
      await screen.findByText(
        'S2R Toggle at Demo Golf Club could not be changed and was switched back: Database down',
      ),
    ).toBeTruthy();
    expect(s2r().checked).toBe(false);
  });

  it('Delete says what happens, wants the name typed, and a browser that had the site selected starts over', async () => {
    setSelectedSite(SITE_B, null);
    const server = renderSites([demo, second], {
      [`DELETE /api/admin/sites/${SITE_B}`]: () => new Response(null, { status: 204 }),
    });
    fireEvent.click(within(await row(second)).getByTestId(`site-edit-${SITE_B}`));
    const edit = await dialog('Edit Second Club');
    fireEvent.click(within(edit).getByRole('button', { name: 'Delete' }));
    const warning = await within(edit).findByTestId('site-delete-warning');
    expect(warning.textContent).toContain('Deleting Second Club cannot be undone');
    expect(warning.textContent).toContain('Its 12 carts move to the staging site');
    expect(warning.textContent).toContain('All its rides, bookings and payments are removed');
    const submit = within(edit).getByTestId('site-delete-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(edit).getByTestId('site-delete-confirm'), { target: { value: 'Second' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(edit).getByTestId('site-delete-confirm'), { target: { value: 'Second Club' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    await waitFor(() => expect(server.callsTo('DELETE', `/api/admin/sites/${SITE_B}`)).toHaveLength(1));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(getSelectedSiteId()).toBeNull();
    expect(localStorage.getItem('fairway.selectedSite')).toBeNull();
  });

  it('deleting a site this browser does not have selected keeps the selection and closes the dialog', async () => {
    setSelectedSite(SITE_A, null);
    let sites = [demo, second];
    const server = renderSites(() => json(sites), {
      [`DELETE /api/admin/sites/${SITE_B}`]: () => {
        sites = [demo];
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(within(await row(second)).getByTestId(`site-edit-${SITE_B}`));
    const edit = await dialog('Edit Second Club');
    fireEvent.click(within(edit).getByRole('button', { name: 'Delete' }));
    fireEvent.change(await within(edit).findByTestId('site-delete-confirm'), {
      target: { value: 'Second Club' },
    });
    fireEvent.click(within(edit).getByTestId('site-delete-submit'));
    expect(await screen.findByText('Second Club was deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId(`site-row-${SITE_B}`)).toBeNull());
    expect(server.callsTo('DELETE', `/api/admin/sites/${SITE_B}`)).toHaveLength(1);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(getSelectedSiteId()).toBe(SITE_A);
  });

  it('the staging site has no Delete section', async () => {
    renderSites([staging]);
    fireEvent.click(within(await row(staging)).getByTestId(`site-edit-${STAGING}`));
    const edit = await dialog('Edit Staging');
    expect(within(edit).getByRole('button', { name: 'General' })).toBeTruthy();
    expect(within(edit).getByRole('button', { name: 'Configuration' })).toBeTruthy();
    expect(within(edit).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(edit).getByText(/It cannot be deleted/)).toBeTruthy();
  });

  it('Configuration saves only what changed, fees in minor units', async () => {
    const server = renderSites([second], {
      [`PATCH /api/admin/sites/${SITE_B}`]: () => json(second),
    });
    fireEvent.click(within(await row(second)).getByTestId(`site-edit-${SITE_B}`));
    const edit = await dialog('Edit Second Club');
    fireEvent.click(within(edit).getByRole('button', { name: 'Configuration' }));
    fireEvent.click((await within(edit).findByTestId('site-config-membersModule')).querySelector('input')!);
    fireEvent.change(within(edit).getByTestId('site-config-revenueShareFixedFee'), {
      target: { value: '3,50' },
    });
    fireEvent.change(within(edit).getByTestId('site-config-trailPoints'), { target: { value: 'lots' } });
    fireEvent.click(within(edit).getByTestId('site-config-save'));
    expect(await within(edit).findByText('Enter a whole number from 0 to 10000')).toBeTruthy();
    expect(server.callsTo('PATCH', `/api/admin/sites/${SITE_B}`)).toHaveLength(0);
    fireEvent.change(within(edit).getByTestId('site-config-trailPoints'), { target: { value: '25' } });
    fireEvent.click(within(edit).getByTestId('site-config-save'));
    await waitFor(() => expect(server.callsTo('PATCH', `/api/admin/sites/${SITE_B}`)).toHaveLength(1));
    expect(bodyOf(server.callsTo('PATCH', `/api/admin/sites/${SITE_B}`)[0])).toEqual({
      updateData: { membersModule: true, trailPoints: 25, revenueShareFixedFee: 350 },
    });
  });
});
