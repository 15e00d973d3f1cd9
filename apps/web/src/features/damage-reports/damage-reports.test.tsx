import type { DamageReportView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../app/query-client';
import { NotificationHost } from '../../components/NotificationHost';
import { storeTokens } from '../../lib/auth-tokens';
import '../../lib/i18n';
import { SITE_A, SITE_B } from '../../test/carts';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json } from '../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../test/operator-session';
import { relaySocketEvent } from '../realtime';
import { DamageReportAlerts, DamageReportsSection, OpenReportsBadge } from '.';

resetOperatorSessionAroundEachTest();

const CART = 'cccccccc-cccc-4ccc-8ccc-000000000007';
const CART_REPORTS = `GET /api/dashboard/damage-reports/devices/${CART}`;
const TZ = 'Europe/Copenhagen';

const report = (overrides: Partial<DamageReportView> = {}): DamageReportView => ({
  _id: '11111111-1111-4111-8111-000000000001',
  siteId: SITE_A,
  deviceId: CART,
  carNumber: '7',
  category: 'flat_tyre',
  description: 'Front left is flat',
  photoUrl: '/api/signed-files/damage-reports/a/photo.jpg?expires=1&signature=abc',
  status: 'open',
  blockId: '22222222-2222-4222-8222-000000000001',
  // 12:05 in Copenhagen (summer time)
  createdAt: '2026-05-02T10:05:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  ...overrides,
});

const RESOLVED = report({
  _id: '11111111-1111-4111-8111-000000000002',
  category: 'dirty',
  description: '',
  photoUrl: null,
  status: 'resolved',
  blockId: null,
  createdAt: '2026-05-01T08:00:00.000Z',
  resolvedAt: '2026-05-01T09:30:00.000Z',
  resolvedBy: 'desk@example.com',
});

/** The section and the app-wide alerts of a signed-in user, in a router (toast links are router links). */
function renderSection(routes: Parameters<typeof installFetchMock>[0]) {
  storeTokens({ accessToken: fakeAccessToken({ role: 'user' }), refreshToken: 'refresh' });
  const server = installFetchMock(routes);
  const page = (
    <>
      <NotificationHost />
      <DamageReportAlerts siteId={SITE_A} />
      <DamageReportsSection siteId={SITE_A} deviceId={CART} timeZone={TZ} />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/fleet'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...server, router };
}

const push = (view: DamageReportView) => act(() => relaySocketEvent('damage-report:update', view));

describe('DamageReportsSection', () => {
  it("lists the cart's reports with what, when and who, and enlarges a photo", async () => {
    renderSection({ [CART_REPORTS]: () => json([report(), RESOLVED]) });

    const items = await screen.findAllByTestId('damage-report');
    expect(items).toHaveLength(2);
    const [open, resolved] = items as [HTMLElement, HTMLElement];
    expect(within(open).getByText('Flat tyre')).toBeTruthy();
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('Cart blocked for maintenance')).toBeTruthy();
    expect(within(open).getByText('Front left is flat')).toBeTruthy();
    expect(within(open).getByText('Reported 02/05/2026, 12:05')).toBeTruthy();
    expect(within(resolved).getByText('No description given.')).toBeTruthy();
    expect(
      within(resolved).getByText(
        'Reported 01/05/2026, 10:00 · Resolved 01/05/2026, 11:30 by desk@example.com',
      ),
    ).toBeTruthy();
    expect(within(resolved).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(resolved).queryByRole('button', { name: /Enlarge/ })).toBeNull();

    fireEvent.click(within(open).getByRole('button', { name: 'Enlarge the photo: Flat tyre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flat tyre · cart 7' });
    expect(
      within(dialog).getByRole('img', { name: 'Photo of the problem: Flat tyre' }).getAttribute('src'),
    ).toBe(report().photoUrl);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resolves a report after asking, and shows the list as the server has it then', async () => {
    let resolvedNow = false;
    const { calls } = renderSection({
      [CART_REPORTS]: () =>
        json([
          resolvedNow
            ? report({
                status: 'resolved',
                resolvedAt: '2026-05-02T11:00:00.000Z',
                resolvedBy: 'op@example.com',
              })
            : report(),
        ]),
      [`POST /api/dashboard/damage-reports/${report()._id}/resolve`]: () => {
        resolvedNow = true;
        return json(report({ status: 'resolved' }));
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve this report?' });
    expect(within(confirm).getByText(/A maintenance block it opened ends now/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('Report resolved.')).toBeTruthy();
    expect(await screen.findByText(/Resolved 02\/05\/2026, 13:00 by op@example.com/)).toBeTruthy();
    // The confirmation closes with a transition; then no Resolve is left.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(calls.find((call) => call.method === 'POST')!.headers['site-id']).toBe(SITE_A);
  });

  it('says when a resolve was refused', async () => {
    renderSection({
      [CART_REPORTS]: () => json([report()]),
      [`POST /api/dashboard/damage-reports/${report()._id}/resolve`]: () =>
        json({ message: 'status: This report is already resolved', code: 'alreadyResolved' }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolve' }));
    expect(
      await screen.findByText('The report could not be resolved: status: This report is already resolved'),
    ).toBeTruthy();
  });

  it('shows an empty cart and a failed load with a retry', async () => {
    let fail = true;
    renderSection({
      [CART_REPORTS]: () => (fail ? json({ message: 'Database unavailable' }, 503) : json([])),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('The problem reports could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /retry/i }));
    expect(await screen.findByText('No problems have been reported for this cart.')).toBeTruthy();
  });
});

describe('DamageReportAlerts', () => {
  it('raises a toast with a link to the cart for a new report of the site, and refreshes the lists', async () => {
    const { calls, router } = renderSection({ [CART_REPORTS]: () => json([]) });
    await screen.findByText('No problems have been reported for this cart.');
    const listed = () => calls.filter((call) => call.path.endsWith(`/devices/${CART}`)).length;
    const before = listed();

    push(report({ carNumber: '12', category: 'battery' }));
    const toast = await screen.findByText('Cart 12: a guest reported a problem (Battery).');
    await waitFor(() => expect(listed()).toBe(before + 1));
    const link = within(toast.closest('[role="alert"]') as HTMLElement).getByRole('link', {
      name: 'Show cart',
    });
    expect(link.getAttribute('href')).toBe(`/?cart=${CART}`);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe(`?cart=${CART}`));
    await waitFor(() => expect(screen.queryByText(/a guest reported a problem/)).toBeNull());

    // A resolve at another desk, and a report of another club: lists refresh, no alert.
    push(report({ status: 'resolved' }));
    push(report({ siteId: SITE_B }));
    await waitFor(() => expect(listed()).toBe(before + 2));
    expect(screen.queryByText(/a guest reported a problem/)).toBeNull();
  });
});

describe('OpenReportsBadge', () => {
  it('counts open reports, and shows nothing without any', () => {
    const { rerender } = render(<OpenReportsBadge count={2} />);
    expect(screen.getByRole('img', { name: 'Open problem reports: 2' }).textContent).toBe('2');
    rerender(<OpenReportsBadge count={0} />);
    expect(screen.queryByTestId('open-reports-badge')).toBeNull();
  });
});
