import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadEndpoint } from '@/lib/api-client';

export type ParcelLabelsInput = EndpointRequest<typeof endpoints.warehouse.labels>;

/** The labels' PDF, one parcel a page; fetched by the page, as a plain link could not send the bearer token. */
export function getParcelLabels(request: ParcelLabelsInput) {
  return downloadEndpoint(endpoints.warehouse.labels, request);
}

export function useParcelLabels() {
  return useMutation({ mutationFn: getParcelLabels });
}
