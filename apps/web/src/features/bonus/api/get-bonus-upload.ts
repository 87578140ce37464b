import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export function getBonusUpload(id: string) {
  return callEndpoint(endpoints.bonus.upload, { params: { id } });
}

export const bonusUploadQueryOptions = (id: string) => queryOptions({ queryKey: bonusKeys.upload(id), queryFn: () => getBonusUpload(id) });

/** One applied table with the ledger rows it made; nothing is asked for null. */
export function useBonusUpload(id: string | null) {
  return useQuery({ ...bonusUploadQueryOptions(id ?? ''), enabled: id !== null });
}
