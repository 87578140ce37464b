import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { saveUser } from '@/lib/session';

export type ConfirmActivationInput = EndpointRequest<typeof endpoints.auth.confirmActivation>;

export function confirmActivation(request: ConfirmActivationInput) {
  return callEndpoint(endpoints.auth.confirmActivation, request);
}

/** The confirmed user is stored at once; the guard then opens the cabinet. */
export function useConfirmActivation() {
  return useMutation({ mutationFn: confirmActivation, onSuccess: saveUser });
}
