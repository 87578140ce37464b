import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cardsKeys } from './keys';

export function getCards() {
  return callEndpoint(endpoints.cards.list);
}

export const cardsQueryOptions = () => queryOptions({ queryKey: cardsKeys.list(), queryFn: getCards });

export function useCards() {
  return useQuery(cardsQueryOptions());
}
