import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export type CreateDeliveryMethodInput = EndpointRequest<typeof endpoints.delivery.createMethod>;

export function createDeliveryMethod(request: CreateDeliveryMethodInput) {
  return callEndpoint(endpoints.delivery.createMethod, request);
}

/** Saves a new method; a new default one takes the mark from the old, so the whole list is read again. */
export function useCreateDeliveryMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeliveryMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.methods() }),
  });
}
