import type { SiteView } from '@fairway/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { SITE_A } from '../../../test/carts';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { useSite } from '../../sites';
import { PublicProfileCard } from './PublicProfileCard';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const SITE_PATH = '/api/dashboard/sites';
const ONBOARDED = makeSite({
  stripeConfig: { ...makeSite().stripeConfig, accountId: 'acct_sbx_1', accountActive: true },
  publicProfile: { ...makeSite().publicProfile, website: 'https://demo-golf.example' },
});

/** The card as the page shows it: fed by the site query, which a save replaces. */
function Harness({ editable }: { editable: boolean }) {
  const site = useSite(SITE_A);
  return site.data ? <PublicProfileCard site={site.data} editable={editable} /> : null;
}

function renderCard({
  editable = true,
  patch,
}: { editable?: boolean; patch?: (body: unknown) => Response } = {}) {
  let site: SiteView = ONBOARDED;
  const server = installFetchMock({
    [`GET ${SITE_PATH}`]: () => json(site),
    [`PATCH ${SITE_PATH}`]: (call) => {
      if (patch) return patch(call.body);
      const { publicProfile } = (call.body as { updateData: { publicProfile: object } }).updateData;
      site = { ...site, publicProfile: { ...site.publicProfile, ...publicProfile } };
      return json(site);
    },
  });
  renderAsOperator(<Harness editable={editable} />, 'admin');
  return server;
}

resetOperatorSessionAroundEachTest();

describe('PublicProfileCard', () => {
  it('switches the booking app on with its own call', async () => {
    const server = renderCard();
    fireEvent.click(await screen.findByRole('switch', { name: 'Booking App Disabled' }));
    expect(await screen.findByText('Booking app enabled')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)[0]?.body).toEqual({
      updateData: { publicProfile: { active: true } },
    });
    expect((screen.getByRole('switch', { name: 'Booking App Enabled' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('explains the refusal when payments are not active, and stays off', async () => {
    renderCard({
      patch: () =>
        json(
          { message: 'Activate payments before enabling the booking app', code: 'paymentsNotActive' },
          400,
        ),
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Booking App Disabled' }));
    expect(await screen.findByText('Activate payments before enabling the booking app.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Booking App Disabled' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });

  it('summarises the profile, saying what is not set yet', async () => {
    renderCard();
    expect(
      (await screen.findByRole('link', { name: 'https://demo-golf.example' })).getAttribute('href'),
    ).toBe('https://demo-golf.example');
    expect(screen.getAllByText('Not set').length).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit public profile' })).toBeTruthy();
  });

  it('shows the profile without changes to roles below admin, poster included', async () => {
    renderCard({ editable: false });
    expect(
      ((await screen.findByRole('switch', { name: 'Booking App Disabled' })) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByLabelText('Upload logo')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download poster' })).toBeTruthy();
  });
});
