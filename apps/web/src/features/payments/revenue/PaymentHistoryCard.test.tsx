import type { PaymentView } from '@fairway/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { makePayment, makePaymentsPage } from './testing/fixtures';
import { PAYMENTS_PATH, renderRevenuePage, type RevenueSetup } from './testing/render-revenue-page';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const history = () => within(screen.getByRole('region', { name: 'Payment history' }));
/** The row of a customer; found by test id and text, as role queries over a whole table are slow in jsdom. */
function rowOf(customer: string): HTMLElement {
  const row = screen
    .getAllByTestId('payment-row')
    .find((candidate) => candidate.textContent?.includes(customer));
  if (!row) throw new Error(`No row for ${customer}`);
  return row;
}
const chipIn = (row: HTMLElement, label: string) =>
  within(row).getByText(label, { selector: '.MuiChip-label' }).closest('.MuiChip-root')!;

const ALICE = makePayment({ stripeReceiptUrl: 'https://pay.example/receipts/alice' });
const BOB = makePayment({
  status: 'pending',
  userDetails: { name: 'Bob Brown', email: 'bob@example.com' },
  paymentDescription: '9 holes',
  paymentSucceededAt: null,
  stripeReceiptUrl: null,
  device: null,
});
const CARL = makePayment({
  status: 'failed',
  userDetails: { name: 'Carl Cole', email: 'carl@example.com' },
  stripeReceiptUrl: null,
});
const DORA = makePayment({
  status: 'cancelled',
  userDetails: { name: 'Dora Dean', email: 'dora@example.com' },
  stripeReceiptUrl: null,
});
const EVA = makePayment({
  userDetails: { name: 'Eva East', email: 'eva@example.com' },
  refundedAt: '2026-11-11T08:00:00.000Z',
  refundReason: 'cartNeverConfirmed',
});
const ALL = [ALICE, BOB, CARL, DORA, EVA];

/** A page of `payments`, as many as 60 in all so there are three pages of 25. */
const listOf =
  (payments: PaymentView[], total = payments.length) =>
  (_call: unknown, query: URLSearchParams) =>
    json(
      makePaymentsPage(payments, {
        page: Number(query.get('page')),
        limit: Number(query.get('limit')),
        total,
      }),
    );

function renderHistory(setup: RevenueSetup = {}) {
  return renderRevenuePage({ payments: listOf(ALL), ...setup });
}

/** The site, then the first page. */
const loaded = () => screen.findByText('alice@example.com');

resetOperatorSessionAroundEachTest();

describe('Payment history', { timeout: 20_000 }, () => {
  it('lists each payment: date on the site clock, customer, description, cart, amount, fees, net, receipt', async () => {
    renderHistory();
    await loaded();
    const headers = history()
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Date',
      'Customer',
      'Description',
      'Cart',
      'Amount',
      'Fees',
      'Net',
      'Status',
      'Receipt',
      'Actions',
    ]);
    const cells = within(rowOf('Alice Green'))
      .getAllByRole('cell')
      .map((cell) => plain(cell.textContent));
    // 09:30 UTC is 10:30 in Prague; fees are processing 0.73 and application 0.50.
    expect(cells.slice(0, 7)).toEqual([
      '10/11/2026, 10:30',
      'Alice Greenalice@example.com',
      '18 holes',
      '7',
      '€25.00',
      '€1.23',
      '€23.77',
    ]);
    const receipt = within(rowOf('Alice Green')).getByRole('link', {
      name: "Open the receipt of Alice Green's payment",
    });
    expect(receipt.getAttribute('href')).toBe('https://pay.example/receipts/alice');
    expect(receipt.getAttribute('target')).toBe('_blank');
    // A payment without a cart or a receipt says so quietly.
    expect(within(rowOf('Bob Brown')).getAllByRole('cell')[3]!.textContent).toBe('—');
    expect(within(rowOf('Bob Brown')).queryByRole('link')).toBeNull();
  });

  it('colours the status chips as spec §4 says and marks refunded payments', async () => {
    renderHistory();
    await loaded();
    expect(chipIn(rowOf('Alice Green'), 'Succeeded').className).toContain('MuiChip-colorSuccess');
    expect(chipIn(rowOf('Bob Brown'), 'Pending').className).toContain('MuiChip-colorWarning');
    expect(chipIn(rowOf('Carl Cole'), 'Failed').className).toContain('MuiChip-colorError');
    expect(chipIn(rowOf('Dora Dean'), 'Cancelled').className).toContain('MuiChip-colorDefault');
    expect(within(rowOf('Alice Green')).queryByText('Refunded')).toBeNull();
    // The refunded chip says when and why on hover.
    fireEvent.mouseOver(chipIn(rowOf('Eva East'), 'Refunded'));
    const note = await screen.findByRole('tooltip');
    expect(plain(note.textContent)).toBe(
      'Refunded on 11/11/2026, 09:00 · the cart never confirmed the unlock',
    );
  });

  it('asks the server for one status at a time, back on page 1, and for all again', async () => {
    const server = renderHistory({ payments: listOf(ALL, 60) });
    await loaded();
    fireEvent.click(history().getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.lastPaymentQuery().page).toBe('2'));

    fireEvent.click(history().getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(server.lastPaymentQuery()).toMatchObject({ status: 'pending', page: '1' }));
    expect(history().getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(history().getByRole('button', { name: 'Cancelled' }));
    await waitFor(() => expect(server.lastPaymentQuery().status).toBe('cancelled'));

    fireEvent.click(history().getByRole('button', { name: 'All' }));
    await waitFor(() => expect(server.lastPaymentQuery().status).toBeUndefined());
    expect(server.lastPaymentQuery().page).toBe('1');
  });

  it('pages through the payments and changes the page size among 10, 25, 50 and 100', async () => {
    const server = renderHistory({ payments: listOf(ALL, 60) });
    await loaded();
    expect(plain(history().getByText(/of 60/).textContent)).toBe('1–25 of 60');
    fireEvent.click(history().getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.lastPaymentQuery()).toMatchObject({ page: '2', limit: '25' }));
    await waitFor(() => expect(plain(history().getByText(/of 60/).textContent)).toBe('26–50 of 60'));

    fireEvent.mouseDown(history().getByRole('combobox', { name: /Payments per page/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
    fireEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(server.lastPaymentQuery()).toMatchObject({ page: '1', limit: '50' }));
  });

  it('asks again with the same parameters on refresh', async () => {
    const server = renderHistory();
    await loaded();
    const before = server.paymentQueries.length;
    fireEvent.click(history().getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.paymentQueries.length).toBe(before + 1));
    expect(server.lastPaymentQuery()).toMatchObject({
      page: '1',
      limit: '25',
      start: '2026-10-31T23:00:00.000Z',
    });
  });

  it('shows skeleton rows while the first page loads', async () => {
    const answer = deferred<Response>();
    renderHistory({ payments: () => answer.promise });
    expect((await screen.findAllByTestId('payment-skeleton-row')).length).toBeGreaterThan(0);
    answer.resolve(json(makePaymentsPage(ALL)));
    await loaded();
    expect(screen.queryAllByTestId('payment-skeleton-row')).toHaveLength(0);
  });

  it('says when the period has no payments, and when no payment has the chosen status', async () => {
    renderHistory({ payments: () => json(makePaymentsPage([])) });
    expect(await screen.findByText('No payments in this period')).toBeTruthy();
    expect(history().queryByRole('table')).toBeNull();
    fireEvent.click(history().getByRole('button', { name: 'Failed' }));
    expect(
      await history().findByText('No payments with the status "Failed". Choose All or another period.'),
    ).toBeTruthy();
  });

  it('offers a retry when the payments cannot be loaded', async () => {
    let fail = true;
    renderHistory({
      payments: (_call, query) =>
        fail ? json({ message: 'Payments are resting' }, 403) : listOf(ALL)(_call, query),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the payments');
    expect(alert.textContent).toContain('Payments are resting');
    expect(screen.getByRole('region', { name: 'Payments' }).textContent).toContain('Not available');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets an admin refund a succeeded card payment after confirming, then refreshes the list', async () => {
    const server = renderHistory({
      routes: {
        [`POST ${PAYMENTS_PATH}/${ALICE._id}/refund`]: () =>
          json({ ...ALICE, refundedAt: '2026-11-15T10:00:00.000Z', refundReason: 'requestedByOperator' }),
      },
    });
    await loaded();
    // Only succeeded, unrefunded payments can be given back.
    expect(within(rowOf('Bob Brown')).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(rowOf('Eva East')).queryByRole('button', { name: /Refund/ })).toBeNull();
    const before = server.paymentQueries.length;

    fireEvent.click(history().getByRole('button', { name: 'Refund the payment of Alice Green' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment?' });
    expect(plain(dialog.textContent)).toContain(
      '€25.00 goes back to Alice Green (alice@example.com). A refund cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Payment refunded')).toBeTruthy();
    expect(server.callsTo('POST', `${PAYMENTS_PATH}/${ALICE._id}/refund`)).toHaveLength(1);
    await waitFor(() => expect(server.paymentQueries.length).toBeGreaterThan(before));
  });

  it('sends nothing when the refund is cancelled', async () => {
    const server = renderHistory();
    await loaded();
    fireEvent.click(history().getByRole('button', { name: 'Refund the payment of Alice Green' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says so in the operator’s language when the server finds the payment not refundable', async () => {
    renderHistory({
      routes: {
        [`POST ${PAYMENTS_PATH}/${ALICE._id}/refund`]: () =>
          json({ message: 'Payment is not refundable', code: 'notRefundable' }, 409),
      },
    });
    await loaded();
    fireEvent.click(history().getByRole('button', { name: 'Refund the payment of Alice Green' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Refund payment?' })).getByRole('button', {
        name: 'Refund',
      }),
    );
    expect(
      await screen.findByText(
        'This payment can no longer be refunded: only succeeded card payments that were not refunded yet can be.',
      ),
    ).toBeTruthy();
  });

  it('offers no refunds below the admin role', async () => {
    renderHistory({ role: 'user' });
    await loaded();
    expect(history().queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(history().queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
