import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export type ResetPasswordInput = EndpointRequest<typeof endpoints.auth.resetPassword>;

export function resetPassword(request: ResetPasswordInput) {
  return callEndpoint(endpoints.auth.resetPassword, request);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
