import { serviceView, type ServicePatchBody, type ServiceView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateServices } from './invalidate-services';

/**
 * PATCH /api/dashboard/services/{id}. `prices`, when sent, replaces the whole list: prices with an `_id` are
 * updated, those without created, the service's others deleted.
 */
export async function updateService(
  siteId: string,
  serviceId: string,
  body: ServicePatchBody,
): Promise<ServiceView> {
  return serviceView.parse(
    await apiRequest(`/dashboard/services/${encodeURIComponent(serviceId)}`, {
      method: 'PATCH',
      siteId,
      body,
    }),
  );
}

export const useUpdateService = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, body }: { serviceId: string; body: ServicePatchBody }) =>
      updateService(siteId, serviceId, body),
    onSuccess: () => invalidateServices(queryClient, siteId),
  });
};
