import type { Card } from '@vmeste/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const cardsKey = ['cards'] as const;

export function useCards() {
  return useQuery({ queryKey: cardsKey, queryFn: () => api.get<Card[]>('/cards') });
}
