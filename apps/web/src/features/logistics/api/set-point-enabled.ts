import { type AdminPoint, endpoints, type EndpointRequest, type EndpointResponse } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';
import { refreshAfterPointsChange } from './refresh';

export type SetPointEnabledInput = EndpointRequest<typeof endpoints.delivery.setPointEnabled>;
type PointsPage = EndpointResponse<typeof endpoints.delivery.listPoints>;

export function setPointEnabled(request: SetPointEnabledInput) {
  return callEndpoint(endpoints.delivery.setPointEnabled, request);
}

const withPoint = (page: PointsPage | undefined, code: string, change: Partial<AdminPoint>): PointsPage | undefined =>
  page && { ...page, items: page.items.map((p) => (p.code === code ? { ...p, ...change } : p)) };

/**
 * Switches a point on or off for the shop's clients. The switch moves at once (every loaded page of
 * points shows the new state) and moves back if the server refuses; the cities' counts follow.
 */
export function useSetPointEnabled() {
  const queryClient = useQueryClient();
  const listsKey = [...logisticsKeys.pointsRoot(), 'list'];
  return useMutation({
    mutationFn: setPointEnabled,
    onMutate: async ({ params, body }) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const before = queryClient.getQueriesData<PointsPage>({ queryKey: listsKey });
      queryClient.setQueriesData<PointsPage>({ queryKey: listsKey }, (page) => withPoint(page, params.code, { isEnabled: body.isEnabled }));
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => refreshAfterPointsChange(queryClient),
  });
}
