import { endpoints } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export function checkBoxberry() {
  return callEndpoint(endpoints.delivery.checkBoxberry);
}

/** Asks Boxberry something small with the saved settings and tells what it answered and how fast. */
export function useCheckBoxberry() {
  return useMutation({ mutationFn: checkBoxberry });
}
