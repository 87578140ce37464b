import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { staffKeys } from './keys';

export type UpdateStaffInput = EndpointRequest<typeof endpoints.users.updateStaff>;

export function updateStaff(request: UpdateStaffInput) {
  return callEndpoint(endpoints.users.updateStaff, request);
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}
