import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cardsKeys } from './keys';

export type DeleteCardInput = EndpointRequest<typeof endpoints.cards.delete>;

export function deleteCard(request: DeleteCardInput) {
  return callEndpoint(endpoints.cards.delete, request);
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKeys.all }) });
}
