import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export type ChangeParcelMethodInput = EndpointRequest<typeof endpoints.delivery.changeParcelMethod>;

export function changeParcelMethod(request: ChangeParcelMethodInput) {
  return callEndpoint(endpoints.delivery.changeParcelMethod, request);
}

/** Sends a parcel another way; its unpaid invoice is canceled, so the parcels and the invoices refresh together. */
export function useChangeParcelMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeParcelMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
