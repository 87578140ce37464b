import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cardsKeys } from './keys';

export type CreateCardInput = EndpointRequest<typeof endpoints.cards.create>;

export function createCard(request: CreateCardInput) {
  return callEndpoint(endpoints.cards.create, request);
}

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKeys.all }) });
}
