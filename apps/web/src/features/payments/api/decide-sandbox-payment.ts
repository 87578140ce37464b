import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export type DecideSandboxPaymentInput = EndpointRequest<typeof endpoints.payments.sandboxDecide>;

export function decideSandboxPayment(request: DecideSandboxPaymentInput) {
  return callEndpoint(endpoints.payments.sandboxDecide, request);
}

/** «Оплатить» or «Отказаться» on the test provider's page; the answer says where the shop expects the browser back. */
export function useDecideSandboxPayment() {
  return useMutation({ mutationFn: decideSandboxPayment });
}
