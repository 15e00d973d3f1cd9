import { serviceView, type ServiceBody, type ServiceView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateServices } from './invalidate-services';

/** POST /api/dashboard/services: a new service with its prices (amounts in minor units). */
export async function createService(siteId: string, body: ServiceBody): Promise<ServiceView> {
  return serviceView.parse(await apiRequest('/dashboard/services', { method: 'POST', siteId, body }));
}

export const useCreateService = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceBody) => createService(siteId, body),
    onSuccess: () => invalidateServices(queryClient, siteId),
  });
};
