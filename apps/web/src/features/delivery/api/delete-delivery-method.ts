import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export type DeleteDeliveryMethodInput = EndpointRequest<typeof endpoints.delivery.deleteMethod>;

export function deleteDeliveryMethod(request: DeleteDeliveryMethodInput) {
  return callEndpoint(endpoints.delivery.deleteMethod, request);
}

/** Deletes a saved method; when it was the default, the next one becomes the default on the server. */
export function useDeleteDeliveryMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliveryMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.methods() }),
  });
}
