import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export type ForgotPasswordInput = EndpointRequest<typeof endpoints.auth.forgotPassword>;

export function requestPasswordReset(request: ForgotPasswordInput) {
  return callEndpoint(endpoints.auth.forgotPassword, request);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
