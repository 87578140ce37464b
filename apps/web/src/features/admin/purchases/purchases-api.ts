import type {
  ImportResult,
  Order,
  Purchase,
  PurchaseBody,
  PurchasePatch,
  PurchaseStatus,
  UpdateOrderBody,
  CreateOrderBody,
} from '@vmeste/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export { useCards } from '../cards/cards-api';

type Page<T> = { items: T[]; total: number };

export const purchasesKey = ['purchases'] as const;
const ordersKey = ['orders'] as const;

export function usePurchases(filter: { status: PurchaseStatus | null; search: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...purchasesKey, filter],
    queryFn: () => api.get<Page<Purchase>>('/purchases', { query: { ...filter } }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidating<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasesKey }),
        queryClient.invalidateQueries({ queryKey: ordersKey }),
      ]);
    },
  });
}

export const useCreatePurchase = () => useInvalidating((body: PurchaseBody) => api.post<Purchase>('/purchases', body));
export const useUpdatePurchase = () =>
  useInvalidating(({ id, body }: { id: string; body: PurchasePatch }) => api.patch<Purchase>(`/purchases/${id}`, body));
export const useChangePurchaseStatus = () =>
  useInvalidating(({ id, status }: { id: string; status: PurchaseStatus }) => api.post<Purchase>(`/purchases/${id}/status`, { status }));

export const useUploadCover = () =>
  useInvalidating(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<Purchase>(`/purchases/${id}/cover`, form);
  });

export function usePurchaseOrders(purchaseId: string | null, page: number, phone: string) {
  return useQuery({
    queryKey: [...ordersKey, purchaseId, page, phone],
    queryFn: () => api.get<Page<Order>>('/orders', { query: { purchaseId, page, pageSize: 20, phone } }),
    enabled: Boolean(purchaseId),
    placeholderData: keepPreviousData,
  });
}

export const useCreateOrder = () => useInvalidating((body: CreateOrderBody) => api.post<Order>('/orders', body));
export const useUpdateOrder = () =>
  useInvalidating(({ id, body }: { id: string; body: UpdateOrderBody }) => api.patch<Order>(`/orders/${id}`, body));

export function useImportOrders() {
  return useInvalidating(({ purchaseId, file, dryRun }: { purchaseId: string; file: File; dryRun: boolean }) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<ImportResult>(`/purchases/${purchaseId}/orders/import`, form, { query: { dryRun } });
  });
}
