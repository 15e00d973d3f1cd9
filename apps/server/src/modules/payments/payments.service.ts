import type { BalanceAnswer, PaymentView, PaymentsPage, PaymentsQuery } from '@fairway/domain';
import { notFound } from '../../lib/errors';
import { paginationOf } from '../devices/battery.service';
import type { SitesRepository } from '../sites/sites.repository';
import type { PaymentProvider } from './payment-provider';
import { toPaymentView } from './payments.presenter';
import type { PaymentsRepository } from './payments.repository';
import type { RefundsService } from './refunds.service';

/** Payouts the Revenue page lists (its date select). */
const PAYOUTS_SHOWN = 20;

/** The club's side of payments (spec §2 Reports → Revenue, §7 GET /payments, /payments/balance). */
export class PaymentsService {
  constructor(
    private readonly ledger: PaymentsRepository,
    private readonly sites: SitesRepository,
    private readonly provider: PaymentProvider,
    private readonly refunds: RefundsService,
  ) {}

  async page(siteId: string, query: PaymentsQuery): Promise<PaymentsPage> {
    const range = {
      ...(query.start ? { start: new Date(query.start) } : {}),
      ...(query.end ? { end: new Date(query.end) } : {}),
    };
    const [{ rows, total }, summary] = await Promise.all([
      this.ledger.page(siteId, {
        ...range,
        ...(query.status ? { status: query.status } : {}),
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      }),
      this.ledger.summary(siteId, range),
    ]);
    return {
      data: rows.map(toPaymentView),
      pagination: paginationOf(query.page, query.limit, total),
      summary,
    };
  }

  /**
   * The provider account's balance and payouts; empty until the club is onboarded. `appUrl`: where the
   * operator reached this server, for the sandbox's dashboard link.
   */
  async balance(siteId: string, appUrl: string): Promise<BalanceAnswer> {
    const site = await this.sites.find(siteId);
    if (!site) throw notFound('Site not found');
    const accountId = site.stripeAccountId;
    if (!accountId || !site.stripeAccountActive)
      return { balance: { available: [], pending: [] }, payouts: { data: [] }, dashboardUrl: null };
    const [balance, payouts, dashboardUrl] = await Promise.all([
      this.provider.balance(accountId),
      this.provider.payouts(accountId, PAYOUTS_SHOWN),
      this.provider.dashboardLink(accountId, appUrl),
    ]);
    return { balance, payouts: { data: payouts }, dashboardUrl };
  }

  /** An operator gives a payment back in full. */
  async refund(siteId: string, paymentId: string): Promise<PaymentView> {
    const payment = await this.ledger.findOfSite(siteId, paymentId);
    if (!payment) throw notFound('Payment not found');
    return toPaymentView(await this.refunds.refund(payment.id, 'requestedByOperator'));
  }
}
