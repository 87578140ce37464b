import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

export type SignInInput = EndpointRequest<typeof endpoints.auth.signIn>;

export function signIn(request: SignInInput) {
  return callEndpoint(endpoints.auth.signIn, request);
}

/** On success the session is stored; the guest guard then sends the user to the home of their role. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: saveSession });
}
