import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export type MakeDefaultDeliveryMethodInput = EndpointRequest<typeof endpoints.delivery.makeDefault>;

export function makeDefaultDeliveryMethod(request: MakeDefaultDeliveryMethodInput) {
  return callEndpoint(endpoints.delivery.makeDefault, request);
}

/** Makes a method the default one (parcels are packed by it); the answer is the whole list in its new order. */
export function useMakeDefaultDeliveryMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultDeliveryMethod,
    onSuccess: (methods) => queryClient.setQueryData(deliveryKeys.methods(), methods),
  });
}
