import type { z } from 'zod';
import type { AdminDashboardView, DashboardBucket, adminDashboardQuery } from '@fairway/domain';
import { notFound } from '../../lib/errors';
import type { AdminDashboardRepository, DashboardScope } from './admin-dashboard.repository';

/** The dashboard query as the route validated it (time zone defaulted). */
export type DashboardQuery = z.output<typeof adminDashboardQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Ranges up to this many days are shown by day, longer ones by month (admin.ts DASHBOARD_BUCKETS). */
export const DAY_BUCKETS_UP_TO_DAYS = 92;

/**
 * Days or months for a range. A range of whole local days may be an hour longer than its days when it
 * spans the end of summer time, so an hour of slack keeps "the last 92 days" by day.
 */
export function dashboardBucket(from: Date, to: Date): DashboardBucket {
  return to.getTime() - from.getTime() <= DAY_BUCKETS_UP_TO_DAYS * DAY_MS + 60 * 60 * 1000 ? 'day' : 'month';
}

/**
 * The platform dashboard (spec §2 Admin → Dashboard, superadmins): the fleet's carts online and offline,
 * profiles, bookings and payments over the chosen range, for one site or All Sites.
 */
export class AdminDashboardService {
  constructor(private readonly dashboard: AdminDashboardRepository) {}

  async view(query: DashboardQuery): Promise<AdminDashboardView> {
    const siteId = query.siteId ?? null;
    if (siteId !== null && !(await this.dashboard.siteExists(siteId))) throw notFound('Site not found');
    const from = new Date(query.from);
    const to = new Date(query.to);
    const scope: DashboardScope = {
      siteId,
      from,
      to,
      timeZone: query.timeZone,
      bucket: dashboardBucket(from, to),
    };

    const [sites, carts, profiles, bookings, payments] = await Promise.all([
      this.dashboard.siteDevices(siteId),
      siteId === null ? Promise.resolve([]) : this.dashboard.carts(siteId),
      this.dashboard.profiles(scope),
      this.dashboard.bookings(scope),
      this.dashboard.payments(scope),
    ]);

    const totals = new Map<string, number>();
    for (const row of payments) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.amount);
    return {
      bucket: scope.bucket,
      devices: {
        online: sites.reduce((sum, site) => sum + site.online, 0),
        offline: sites.reduce((sum, site) => sum + site.offline, 0),
        sites: sites.map(({ id, ...site }) => ({ _id: id, ...site })),
        carts: carts.map((cart) => ({
          _id: cart.id,
          carNumber: cart.carNumber ?? '',
          siteId: cart.siteId,
          online: cart.online,
          lat: cart.lat,
          lng: cart.lng,
        })),
      },
      profiles: {
        total: profiles.total,
        created: profiles.series.reduce((sum, point) => sum + point.count, 0),
        series: profiles.series,
      },
      bookings: {
        total: bookings.reduce((sum, point) => sum + point.count, 0),
        cancelled: bookings.reduce((sum, point) => sum + point.cancelled, 0),
        series: bookings.map(({ date, count }) => ({ date, count })),
      },
      payments: {
        count: payments.reduce((sum, row) => sum + row.count, 0),
        totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
        series: payments.map(({ date, currency, amount }) => ({ date, currency, amount })),
      },
    };
  }
}
