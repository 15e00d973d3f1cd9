import { adminDashboardView, type AdminDashboardView, type DayRange } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** What the dashboard asks for (domain `adminDashboardQuery`): a site or All Sites, a half-open range. */
export interface AdminDashboardParams {
  /** null = All Sites */
  siteId: string | null;
  /** ISO instants, [from, to) */
  from: string;
  to: string;
  /** the zone the server buckets the days in */
  timeZone: string;
  /** the calendar days of [from, to): not sent, kept with the answer for its charts' axis */
  days: DayRange;
}

/** An answer with the days it covers: while the next period loads, the charts keep the previous one's axis. */
export interface DashboardAnswer {
  view: AdminDashboardView;
  days: DayRange;
}

/** GET /api/admin/dashboard: the platform's figures for the period, aggregated by the server. */
export async function getAdminDashboard(
  params: AdminDashboardParams,
  signal?: AbortSignal,
): Promise<DashboardAnswer> {
  const { siteId, days, ...range } = params;
  const view = adminDashboardView.parse(
    await apiRequest('/admin/dashboard', { signal, query: { ...range, siteId: siteId ?? undefined } }),
  );
  return { view, days };
}

export const adminDashboardQueryOptions = (params: AdminDashboardParams) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', params],
    queryFn: ({ signal }) => getAdminDashboard(params, signal),
    // The figures in view stay (faded) while another period or site loads, so the cards do not blink.
    placeholderData: keepPreviousData,
  });

/** `enabled` false holds the call back (while the sites, and so the remembered site, are loading). */
export const useAdminDashboard = (params: AdminDashboardParams, enabled = true) =>
  useQuery({ ...adminDashboardQueryOptions(params), enabled });
