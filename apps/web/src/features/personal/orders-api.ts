import type { Order } from '@vmeste/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useMyOrders(state?: 'unpaid' | 'paid') {
  return useQuery({ queryKey: ['orders', 'my', state ?? 'all'], queryFn: () => api.get<Order[]>('/orders/my', { query: { state } }) });
}
