import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateServices } from './invalidate-services';

/** DELETE /api/dashboard/services/{id}: the service and its prices; rides keep their record. */
export async function deleteService(siteId: string, serviceId: string): Promise<void> {
  await apiRequest(`/dashboard/services/${encodeURIComponent(serviceId)}`, { method: 'DELETE', siteId });
}

export const useDeleteService = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) => deleteService(siteId, serviceId),
    onSuccess: () => invalidateServices(queryClient, siteId),
  });
};
