import { damageReportView, type DamageReportView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { damageReportsKey } from './damage-report-keys';

/** POST /api/dashboard/damage-reports/{id}/resolve: the report resolved (its block ended, if it had one). */
export async function resolveDamageReport(siteId: string, reportId: string): Promise<DamageReportView> {
  return damageReportView.parse(
    await apiRequest(`/dashboard/damage-reports/${encodeURIComponent(reportId)}/resolve`, {
      method: 'POST',
      siteId,
    }),
  );
}

export const useResolveDamageReport = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => resolveDamageReport(siteId, reportId),
    // Settled, not only succeeded: a 409 (resolved meanwhile at another desk) shows the list as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: damageReportsKey(siteId) }),
  });
};
