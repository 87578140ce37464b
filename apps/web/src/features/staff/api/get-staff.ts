import { endpoints, type StaffRole } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { staffKeys } from './keys';

export function getStaff(role: StaffRole | null) {
  return callEndpoint(endpoints.users.listStaff, { query: { role: role ?? undefined } });
}

export const staffQueryOptions = (role: StaffRole | null) =>
  queryOptions({ queryKey: staffKeys.list(role), queryFn: () => getStaff(role) });

export function useStaff(role: StaffRole | null) {
  return useQuery(staffQueryOptions(role));
}
