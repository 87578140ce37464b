import { endpoints } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export function sendActivationCode() {
  return callEndpoint(endpoints.auth.sendActivationCode);
}

export function useSendActivationCode() {
  return useMutation({ mutationFn: sendActivationCode });
}
