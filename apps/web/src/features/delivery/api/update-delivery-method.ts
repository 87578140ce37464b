import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export type UpdateDeliveryMethodInput = EndpointRequest<typeof endpoints.delivery.updateMethod>;

export function updateDeliveryMethod(request: UpdateDeliveryMethodInput) {
  return callEndpoint(endpoints.delivery.updateMethod, request);
}

/** Changes a saved method; the list is read again, since the default mark may have moved. */
export function useUpdateDeliveryMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeliveryMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.methods() }),
  });
}
