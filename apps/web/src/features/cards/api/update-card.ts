import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cardsKeys } from './keys';

export type UpdateCardInput = EndpointRequest<typeof endpoints.cards.update>;

export function updateCard(request: UpdateCardInput) {
  return callEndpoint(endpoints.cards.update, request);
}

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKeys.all }) });
}
