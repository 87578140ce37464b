import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { staffKeys } from './keys';

export type DeactivateStaffInput = EndpointRequest<typeof endpoints.users.deactivateStaff>;

export function deactivateStaff(request: DeactivateStaffInput) {
  return callEndpoint(endpoints.users.deactivateStaff, request);
}

export function useDeactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}
