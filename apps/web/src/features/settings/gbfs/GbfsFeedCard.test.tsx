import axe from 'axe-core';
import type { SiteView } from '@fairway/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { SITE_A } from '../../../test/carts';
import { dismissAllToasts } from '../../../lib/notifications';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { makeSite } from '../../commands/testing/fixtures';
import { useSite } from '../../sites';
import { GbfsFeedCard } from './GbfsFeedCard';

const SITE_PATH = '/api/dashboard/sites';
const FEED_URL = `${window.location.origin}/api/gbfs/${SITE_A}/gbfs.json`;

/** The card as the General page shows it: fed by the site query, which a save replaces. */
function Harness({ readOnly }: { readOnly: boolean }) {
  const site = useSite(SITE_A);
  return site.data ? <GbfsFeedCard site={site.data} readOnly={readOnly} /> : null;
}

function renderCard({ gbfsEnabled = false, readOnly = false, role = 'admin' as const } = {}) {
  let site: SiteView = makeSite({ gbfsEnabled });
  const server = installFetchMock({
    [`GET ${SITE_PATH}`]: () => json(site),
    [`PATCH ${SITE_PATH}`]: (call) => {
      site = { ...site, ...(call.body as { updateData: Partial<SiteView> }).updateData };
      return json(site);
    },
  });
  renderAsOperator(<Harness readOnly={readOnly} />, readOnly ? 'basic' : role);
  return server;
}

const feedSwitch = () => screen.findByRole('switch', { name: 'Publish the GBFS feed' });

resetOperatorSessionAroundEachTest();

describe('GbfsFeedCard', () => {
  it('publishes the feed with its own save and then shows its address to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const server = renderCard();
    expect(await screen.findByText('Off: nothing about this club is published.')).toBeTruthy();
    expect(screen.queryByTestId('gbfs-url')).toBeNull();

    fireEvent.click(await feedSwitch());
    expect(await screen.findByText('The GBFS feed is published')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH).map((call) => call.body)).toEqual([
      { updateData: { gbfsEnabled: true } },
    ]);
    expect(((await feedSwitch()) as HTMLInputElement).checked).toBe(true);
    const address = screen.getByRole('textbox', { name: 'Feed address' }) as HTMLInputElement;
    expect(address.value).toBe(FEED_URL);
    expect(address.readOnly).toBe(true);
    // Toasts queue: clear this one so the next one shows.
    act(() => dismissAllToasts());

    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Feed address copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(FEED_URL);
  });

  it('says so when the browser cannot copy, and switches off again', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const server = renderCard({ gbfsEnabled: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }));
    expect(
      await screen.findByText('The address could not be copied: select it and copy it by hand.'),
    ).toBeTruthy();
    act(() => dismissAllToasts());

    fireEvent.click(await feedSwitch());
    expect(await screen.findByText('The GBFS feed is switched off')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH).at(-1)?.body).toEqual({ updateData: { gbfsEnabled: false } });
    await waitFor(() => expect(screen.queryByTestId('gbfs-url')).toBeNull());
  });

  it('shows staff the state and the address without letting them change it, accessibly', async () => {
    const server = renderCard({ gbfsEnabled: true, readOnly: true });
    const toggle = (await feedSwitch()) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    expect((screen.getByTestId('gbfs-url') as HTMLInputElement).value).toBe(FEED_URL);
    expect(server.callsTo('PATCH', SITE_PATH)).toEqual([]);
    // Contrast needs real layout and colours, which jsdom has not (the Playwright check covers the page).
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
