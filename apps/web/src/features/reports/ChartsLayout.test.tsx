import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../../lib/route-handle';
import { createQueryClient } from '../../app/query-client';
import { storeTokens } from '../../lib/auth-tokens';
import { changeLocale } from '../../lib/i18n';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json } from '../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../test/operator-session';
import { makeSite } from '../commands/testing/fixtures';
import { ChartsLayout } from './ChartsLayout';
import { useReportRange } from './use-report-range';

/** 15 Nov 2026, 11:00 in Copenhagen (UTC+1). */
const NOW = new Date('2026-11-15T10:00:00Z');

/** What a report page below the layout is given: the period's instants, shown for the test to read. */
function RangeProbe() {
  const range = useReportRange();
  const { search } = useLocation();
  return (
    <div>
      <output data-testid="range">
        {range ? `${range.start} ${range.end} ${range.timeZone}` : 'pending'}
      </output>
      <output data-testid="search">{search}</output>
    </div>
  );
}

function renderLayout(
  url = '/charts/revenue',
  site: () => Response = () => json(makeSite({ timezone: 'Europe/Copenhagen' })),
) {
  storeTokens({ accessToken: fakeAccessToken({ role: 'admin' }), refreshToken: 'refresh' });
  installFetchMock({ 'GET /api/dashboard/sites': site });
  const router = createMemoryRouter(
    [
      {
        path: '/charts',
        element: <ChartsLayout />,
        children: [
          {
            path: 'revenue',
            handle: { titleKey: 'pages.chartsRevenue' } satisfies RouteHandle,
            element: <RangeProbe />,
          },
          {
            path: 'usage',
            handle: { titleKey: 'pages.chartsUsage' } satisfies RouteHandle,
            element: <RangeProbe />,
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const menu = () => within(screen.getAllByRole('navigation', { name: 'Report pages' })[0]!);
const rangeShown = () => screen.getByTestId('range').textContent;
const presetButton = (name: string) => screen.getAllByRole('button', { name })[0]!;

resetOperatorSessionAroundEachTest();
beforeEach(() => {
  // Only the clock is faked: the pickers' and the queries' timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await changeLocale('en');
});

describe('ChartsLayout', { timeout: 20_000 }, () => {
  it('links the report pages, marks the one shown, and links the help article', async () => {
    renderLayout();
    await screen.findByRole('heading', { level: 1, name: 'Revenue' });
    const revenue = menu().getByRole('link', { name: 'Revenue' });
    const usage = menu().getByRole('link', { name: 'Usage' });
    expect(revenue.getAttribute('href')).toBe('/charts/revenue');
    expect(revenue.getAttribute('aria-current')).toBe('page');
    expect(usage.getAttribute('href')).toBe('/charts/usage');
    expect(usage.getAttribute('aria-current')).toBeNull();
    const help = screen.getByRole('link', { name: 'Help with reports' });
    expect(help.getAttribute('href')).toBe('https://help.fairway.example/en/payments');
    expect(help.getAttribute('target')).toBe('_blank');
  });

  it("gives the pages the current month by default, from the site's midnight to the next month's", async () => {
    renderLayout();
    await waitFor(() =>
      expect(rangeShown()).toBe('2026-10-31T23:00:00.000Z 2026-11-30T23:00:00.000Z Europe/Copenhagen'),
    );
    expect(presetButton('Month').getAttribute('aria-pressed')).toBe('true');
    expect(presetButton('Custom').getAttribute('aria-pressed')).toBe('false');
  });

  it('puts a preset in the address, and the links carry it to the other report', async () => {
    const router = renderLayout();
    await waitFor(() => expect(rangeShown()).not.toBe('pending'));
    fireEvent.click(presetButton('7 days'));
    await waitFor(() =>
      expect(rangeShown()).toBe('2026-11-08T23:00:00.000Z 2026-11-15T23:00:00.000Z Europe/Copenhagen'),
    );
    expect(router.state.location.search).toBe('?start=2026-11-09&end=2026-11-15');
    expect(presetButton('7 days').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(menu().getByRole('link', { name: 'Usage' }));
    await screen.findByRole('heading', { level: 1, name: 'Usage' });
    expect(router.state.location.pathname).toBe('/charts/usage');
    expect(router.state.location.search).toBe('?start=2026-11-09&end=2026-11-15');
    expect(rangeShown()).toBe('2026-11-08T23:00:00.000Z 2026-11-15T23:00:00.000Z Europe/Copenhagen');
  });

  it('shows the period of the address after a reload, as a custom one', async () => {
    renderLayout('/charts/revenue?start=2026-10-01&end=2026-10-31');
    await waitFor(() =>
      expect(rangeShown()).toBe('2026-09-30T22:00:00.000Z 2026-10-31T23:00:00.000Z Europe/Copenhagen'),
    );
    expect(presetButton('Custom').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(presetButton('Today'));
    await waitFor(() =>
      expect(rangeShown()).toBe('2026-11-14T23:00:00.000Z 2026-11-15T23:00:00.000Z Europe/Copenhagen'),
    );
  });

  it('moves the first day with the From field and keeps the last day after it', async () => {
    const router = renderLayout('/charts/revenue?start=2026-11-10&end=2026-11-10');
    await waitFor(() => expect(rangeShown()).not.toBe('pending'));
    const fromMonth = within(screen.getByRole('group', { name: 'From' })).getByRole('spinbutton', {
      name: 'Month',
    });
    // Focus alone selects the field's first section (the day, in 10/11/2026): choose the month itself.
    fireEvent.focus(fromMonth);
    fireEvent.click(fromMonth);
    fireEvent.keyDown(fromMonth, { key: 'ArrowUp' });
    // 10 December is after the old last day, 10 November, so the last day moves along.
    await waitFor(() => expect(router.state.location.search).toBe('?start=2026-12-10&end=2026-12-10'));
    expect(rangeShown()).toBe('2026-12-09T23:00:00.000Z 2026-12-10T23:00:00.000Z Europe/Copenhagen');
    expect(presetButton('Custom').getAttribute('aria-pressed')).toBe('true');
  });

  it("counts in the browser's time zone when the site cannot be loaded", async () => {
    renderLayout('/charts/revenue', () => json({ message: 'Site not found' }, 404));
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await waitFor(() => expect(rangeShown()).toMatch(new RegExp(`${browserZone}$`)));
  });

  it('opens the menu as a drawer from the header on phones, and closes it once a report is chosen', async () => {
    const router = renderLayout();
    await waitFor(() => expect(rangeShown()).not.toBe('pending'));
    // The desktop menu is beside the page; the phone's opens over it, hiding the rest while open.
    const openMenu = () => screen.getByRole('navigation', { name: 'Report pages' });
    expect(openMenu().closest('aside')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the reports menu' }));
    await waitFor(() => expect(openMenu().closest('.MuiDrawer-paper')).not.toBeNull());
    fireEvent.click(within(openMenu()).getByRole('link', { name: 'Usage' }));
    await waitFor(() => expect(openMenu().closest('aside')).not.toBeNull());
    expect(document.querySelector('.MuiDrawer-paper')).toBeNull();
    expect(router.state.location.pathname).toBe('/charts/usage');
  });

  it('speaks the interface language, with the German help article', async () => {
    await act(() => changeLocale('de'));
    renderLayout();
    await screen.findByRole('heading', { level: 1, name: 'Umsatz' });
    const german = within(screen.getByRole('navigation', { name: 'Berichtsseiten' }));
    expect(german.getByRole('link', { name: 'Nutzung' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '7 Tage' })).toBeTruthy();
    expect(presetButton('Heute')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Zeitraum' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hilfe zu Berichten' }).getAttribute('href')).toBe(
      'https://help.fairway.example/de/payments',
    );
  });
});
