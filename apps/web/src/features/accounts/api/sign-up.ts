import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

export type SignUpInput = EndpointRequest<typeof endpoints.auth.signUp>;

export function signUp({ body }: SignUpInput) {
  // The specification drops an empty referer from the payload.
  const payload = { ...body };
  if (!payload.referer) delete payload.referer;
  return callEndpoint(endpoints.auth.signUp, { body: payload });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, onSuccess: saveSession });
}
