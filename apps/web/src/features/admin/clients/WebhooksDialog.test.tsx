import type {
  ClientView,
  WebhookDeliveryStatus,
  WebhookDeliveryView,
  WebhookSubscriptionView,
} from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/date-format';
import { json, type RecordedCall } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { ADMIN_SITES, uuidOf } from '../components/testing/admin-fixtures';
import { ClientsPage } from './ClientsPage';

const [DEMO, SECOND] = ADMIN_SITES.map((site) => site._id) as [string, string];
const SECRET = `whsec_${'S'.repeat(40)}`;
const NEW_SECRET = `whsec_${'N'.repeat(40)}`;
const CLIENT: ClientView = {
  _id: uuidOf('c', 1),
  name: 'Tee Times Pro',
  sites: [DEMO, SECOND],
  keyPreview: 'fwk_Xy12',
  usage: { count: 0, date: null },
  createdAt: '2026-11-02T09:30:00.000Z',
};
const HOOKS = `/api/admin/clients/${CLIENT._id}/webhooks`;

function makeSubscription(
  n: number,
  overrides: Partial<WebhookSubscriptionView> = {},
): WebhookSubscriptionView {
  return {
    _id: uuidOf('e', n),
    clientId: CLIENT._id,
    siteId: DEMO,
    url: `https://partner.example/hooks/${n}`,
    events: ['ride.started', 'ride.ended'],
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    consecutiveFailures: 0,
    createdAt: '2026-11-02T09:30:00.000Z',
    updatedAt: '2026-11-02T09:30:00.000Z',
    ...overrides,
  };
}

function makeDelivery(n: number, status: WebhookDeliveryStatus = 'succeeded'): WebhookDeliveryView {
  return {
    _id: uuidOf('d', n),
    subscriptionId: uuidOf('e', 1),
    eventId: `evt_${n}`,
    eventType: 'ride.started',
    status,
    attempts: status === 'failed' ? 7 : 1,
    lastStatusCode: status === 'failed' ? 503 : 200,
    lastError: status === 'failed' ? 'Service Unavailable' : null,
    lastAttemptAt: '2026-11-03T08:00:00.000Z',
    nextAttemptAt: null,
    deliveredAt: status === 'succeeded' ? '2026-11-03T08:00:00.000Z' : null,
    createdAt: new Date(Date.UTC(2026, 10, 3, 8, 0) - n * 60_000).toISOString(),
    payload: { id: `evt_${n}`, type: 'ride.started', data: { carNumber: '12', hole: n } },
  };
}

type Routes = Parameters<typeof renderOperatorPage>[0]['routes'];

/** The Clients page with one client and its webhooks dialog open. */
async function openWebhooks(
  subscriptions: WebhookSubscriptionView[] | (() => Response),
  routes: Routes = {},
) {
  const server = renderOperatorPage({
    role: 'superadmin',
    path: '/admin/clients',
    url: '/admin/clients',
    element: <ClientsPage />,
    routes: {
      'GET /api/admin/clients': () => json([CLIENT]),
      'GET /api/admin/sites': () => json(ADMIN_SITES),
      [`GET ${HOOKS}`]: () => (typeof subscriptions === 'function' ? subscriptions() : json(subscriptions)),
      ...routes,
    },
  });
  fireEvent.click(await screen.findByTestId(`client-webhooks-${CLIENT._id}`));
  const dialog = await screen.findByRole('dialog', { name: 'Webhooks of Tee Times Pro' });
  return { server, dialog };
}

const dialogNamed = (name: string | RegExp) => screen.findByRole('dialog', { name });
const bodyOf = (call: RecordedCall | undefined) => call?.body as Record<string, unknown>;
const pick = (testId: string, option: string) => {
  fireEvent.mouseDown(screen.getByTestId(testId));
  fireEvent.click(screen.getByRole('option', { name: option }));
};

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.clear());

describe('a client’s webhooks', () => {
  it('lists each webhook with its site, events, status and failures, and why one was switched off', async () => {
    const sending = makeSubscription(1, { consecutiveFailures: 2 });
    const stopped = makeSubscription(2, {
      siteId: SECOND,
      events: ['booking.created', 'payment.succeeded'],
      enabled: false,
      disabledReason: 'HTTP 503',
      disabledAt: '2026-11-04T16:45:00.000Z',
      consecutiveFailures: 5,
    });
    const paused = makeSubscription(3, { enabled: false });
    const { dialog } = await openWebhooks([sending, stopped, paused]);

    const first = await within(dialog).findByTestId(`webhook-${sending._id}`);
    expect(within(first).getByTestId('webhook-url').textContent).toBe(sending.url);
    expect(await within(first).findByText('Demo Golf Club')).toBeTruthy();
    expect(within(first).getByText('Ride started')).toBeTruthy();
    expect(within(first).getByText('Ride ended')).toBeTruthy();
    expect(within(first).getByText('Enabled')).toBeTruthy();
    expect(within(first).getByTestId('webhook-failures').textContent).toBe('Failures in a row: 2');
    expect(within(first).queryByTestId('webhook-disabled-reason')).toBeNull();

    const second = within(dialog).getByTestId(`webhook-${stopped._id}`);
    expect(within(second).getByText('Second Club')).toBeTruthy();
    expect(within(second).getByText('Booking made')).toBeTruthy();
    expect(within(second).getByText('Payment received')).toBeTruthy();
    expect(within(second).getByText('Disabled automatically')).toBeTruthy();
    expect(within(second).getByTestId('webhook-disabled-reason').textContent).toBe(
      `Switched off on ${formatDateTime('2026-11-04T16:45:00.000Z', 'en')} after 5 failed deliveries in a row. Last error: HTTP 503`,
    );

    const third = within(dialog).getByTestId(`webhook-${paused._id}`);
    expect(within(third).getByText('Disabled by hand')).toBeTruthy();
    expect(within(third).queryByTestId('webhook-disabled-reason')).toBeNull();
  });

  it('says when there are none, and when they cannot be loaded (with retry)', async () => {
    let answer = () => json({ message: 'Database down' }, 500);
    const { dialog } = await openWebhooks(() => answer());
    expect(
      await within(dialog).findByText('Could not load the webhooks', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    answer = () => json([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('heading', { name: 'No webhooks yet' })).toBeTruthy();
  });

  it('adds a webhook: the domain’s rules on the fields, then the secret shown once', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let subscriptions: WebhookSubscriptionView[] = [];
    const { server, dialog } = await openWebhooks(() => json(subscriptions), {
      [`POST ${HOOKS}`]: (call) => {
        const created = makeSubscription(9, call.body as Partial<WebhookSubscriptionView>);
        subscriptions = [created];
        return json({ ...created, secret: SECRET }, 201);
      },
    });
    await within(dialog).findByRole('heading', { name: 'No webhooks yet' });
    fireEvent.click(within(dialog).getByTestId('webhooks-add'));
    const form = await dialogNamed('Add webhook');

    fireEvent.click(within(form).getByTestId('webhook-form-submit'));
    expect(await within(form).findByText('Choose at least one event')).toBeTruthy();
    // The client has two sites, so none is chosen for the admin; the address is empty.
    expect(within(form).getAllByText('This field is required')).toHaveLength(2);

    const url = within(form).getByTestId('webhook-form-url');
    fireEvent.change(url, { target: { value: 'not an address' } });
    fireEvent.click(within(form).getByTestId('webhook-form-submit'));
    expect(await within(form).findByText('Enter an http or https address')).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://user:secret@partner.example/hooks' } });
    fireEvent.click(within(form).getByTestId('webhook-form-submit'));
    expect(
      await within(form).findByText('The address must not contain a user name or password'),
    ).toBeTruthy();
    expect(server.callsTo('POST', HOOKS)).toHaveLength(0);

    pick('webhook-form-site', 'Second Club');
    fireEvent.change(url, { target: { value: ' https://partner.example/hooks ' } });
    fireEvent.click(within(form).getByTestId('webhook-event-booking.cancelled'));
    fireEvent.click(within(form).getByTestId('webhook-event-ride.started'));
    fireEvent.click(within(form).getByTestId('webhook-form-submit'));

    const shown = await dialogNamed('Signing secret for partner.example');
    expect(bodyOf(server.callsTo('POST', HOOKS)[0])).toEqual({
      siteId: SECOND,
      url: 'https://partner.example/hooks',
      // In the domain's order, whatever order they were ticked in.
      events: ['ride.started', 'booking.cancelled'],
      enabled: true,
    });
    expect((within(shown).getByTestId('webhook-secret-value') as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(/You won't see it again/)).toBeTruthy();
    fireEvent.click(within(shown).getByTestId('webhook-secret-copy'));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(within(shown).getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Signing secret/ })).toBeNull());
    // Once: the list shows the new webhook, and the secret is nowhere on the page any more.
    expect(await within(dialog).findByTestId(`webhook-${uuidOf('e', 9)}`)).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('rotates the secret only after asking, and shows the new one once', async () => {
    const subscription = makeSubscription(1);
    const rotatePath = `${HOOKS}/${subscription._id}/secret`;
    const { server, dialog } = await openWebhooks([subscription], {
      [`POST ${rotatePath}`]: () => json({ ...subscription, secret: NEW_SECRET }),
    });
    fireEvent.click(await within(dialog).findByTestId(`webhook-rotate-${subscription._id}`));
    const confirm = await dialogNamed('Rotate the signing secret?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Rotate the signing secret?' })).toBeNull(),
    );
    expect(server.callsTo('POST', rotatePath)).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId(`webhook-rotate-${subscription._id}`));
    fireEvent.click(
      within(await dialogNamed('Rotate the signing secret?')).getByRole('button', { name: 'Rotate secret' }),
    );
    const shown = await dialogNamed('Signing secret for partner.example');
    expect((within(shown).getByTestId('webhook-secret-value') as HTMLInputElement).value).toBe(NEW_SECRET);
    expect(server.callsTo('POST', rotatePath)).toHaveLength(1);
  });

  it('edits only what changed, and deletes after warning that the receiver gets no more events', async () => {
    const subscription = makeSubscription(1, {
      enabled: false,
      disabledReason: '5 delivery cycles failed in a row',
      disabledAt: '2026-11-04T16:45:00.000Z',
    });
    let subscriptions = [subscription];
    const path = `${HOOKS}/${subscription._id}`;
    const { server, dialog } = await openWebhooks(() => json(subscriptions), {
      [`PUT ${path}`]: (call) => json({ ...subscription, ...(call.body as object) }),
      [`DELETE ${path}`]: () => {
        subscriptions = [];
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(await within(dialog).findByTestId(`webhook-edit-${subscription._id}`));
    const form = await dialogNamed('Edit webhook');
    expect(within(form).getByText(/switched this webhook off after failed deliveries/)).toBeTruthy();
    fireEvent.click(within(form).getByTestId('webhook-event-ride.ended'));
    fireEvent.click(within(form).getByTestId('webhook-form-enabled'));
    fireEvent.click(within(form).getByTestId('webhook-form-submit'));
    expect(await screen.findByText('Webhook saved')).toBeTruthy();
    expect(bodyOf(server.callsTo('PUT', path)[0])).toEqual({ events: ['ride.started'], enabled: true });

    fireEvent.click(within(dialog).getByTestId(`webhook-delete-${subscription._id}`));
    const confirm = await dialogNamed('Delete this webhook?');
    expect(within(confirm).getByText('The receiver will get no more events.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('heading', { name: 'No webhooks yet' })).toBeTruthy();
    expect(server.callsTo('DELETE', path)).toHaveLength(1);
  });

  it('the delivery log filters by status, pages, opens a payload and resends', async () => {
    const subscription = makeSubscription(1);
    const deliveriesPath = `${HOOKS}/${subscription._id}/deliveries`;
    const failed = makeDelivery(1, 'failed');
    const resendPath = `${deliveriesPath}/${failed._id}/resend`;
    const { server, dialog } = await openWebhooks([subscription], {
      [`GET ${deliveriesPath}`]: (call) => {
        const page = Number(call.query.get('page'));
        const status = call.query.get('status') as WebhookDeliveryStatus | null;
        if (status === 'pending') return json({ deliveries: [], total: 0 });
        const first = (page - 1) * 20 + 1;
        const deliveries = Array.from({ length: page === 3 ? 5 : 20 }, (_, index) =>
          index === 0 && page === 1 ? failed : makeDelivery(first + index, status ?? 'succeeded'),
        );
        return json({ deliveries, total: 45 });
      },
      [`POST ${resendPath}`]: () => json({ ...failed, status: 'pending' }, 202),
    });
    fireEvent.click(await within(dialog).findByTestId(`webhook-deliveries-${subscription._id}`));
    const log = await dialogNamed('Delivery log');
    const row = await within(log).findByTestId(`delivery-${failed._id}`);
    expect(within(row).getByText(formatDateTime(failed.createdAt, 'en'))).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('HTTP 503 · Service Unavailable')).toBeTruthy();
    expect(within(log).getByText('1–20 of 45')).toBeTruthy();
    expect(server.queriesTo(deliveriesPath)).toEqual([{ page: '1', limit: '20' }]);

    fireEvent.click(within(log).getByRole('button', { name: 'Go to next page' }));
    expect(await within(log).findByText('21–40 of 45')).toBeTruthy();
    expect(server.queriesTo(deliveriesPath).at(-1)).toEqual({ page: '2', limit: '20' });

    // A filter starts again on page 1.
    pick('deliveries-status', 'Failed');
    await waitFor(() =>
      expect(server.queriesTo(deliveriesPath).at(-1)).toEqual({ status: 'failed', page: '1', limit: '20' }),
    );
    expect(await within(log).findByText('1–20 of 45')).toBeTruthy();

    fireEvent.click(await within(log).findByTestId(`delivery-${failed._id}`));
    const payload = await dialogNamed('Payload of ride.started');
    expect(within(payload).getByText('evt_1')).toBeTruthy();
    expect(within(payload).getByTestId('delivery-payload').textContent).toBe(
      JSON.stringify(failed.payload, null, 2),
    );
    fireEvent.click(within(payload).getByTestId('delivery-payload-close'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payload of ride.started' })).toBeNull());

    fireEvent.click(within(log).getByTestId(`delivery-resend-${failed._id}`));
    expect(await screen.findByText('The event will be sent again')).toBeTruthy();
    expect(server.callsTo('POST', resendPath)).toHaveLength(1);
    // Resending does not open the payload (the button sits in the row).
    expect(screen.queryByRole('dialog', { name: 'Payload of ride.started' })).toBeNull();

    pick('deliveries-status', 'Pending');
    expect(await within(log).findByText('No deliveries with this status.')).toBeTruthy();
  });

  it('the delivery log says when nothing was sent yet, and when it cannot be loaded', async () => {
    const subscription = makeSubscription(1);
    const deliveriesPath = `${HOOKS}/${subscription._id}/deliveries`;
    let answer = () => json({ message: 'Database down' }, 500);
    const { dialog } = await openWebhooks([subscription], { [`GET ${deliveriesPath}`]: () => answer() });
    fireEvent.click(await within(dialog).findByTestId(`webhook-deliveries-${subscription._id}`));
    const log = await dialogNamed('Delivery log');
    expect(
      await within(log).findByText('Could not load the deliveries', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    answer = () => json({ deliveries: [], total: 0 });
    fireEvent.click(within(log).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByRole('heading', { name: 'No deliveries yet' })).toBeTruthy();
    expect(
      await within(log).findByText(/appear here when one of the chosen events happens at Demo Golf Club/),
    ).toBeTruthy();
  });
});
