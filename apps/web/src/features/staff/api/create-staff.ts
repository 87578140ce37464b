import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { staffKeys } from './keys';

export type CreateStaffInput = EndpointRequest<typeof endpoints.users.createStaff>;

export function createStaff(request: CreateStaffInput) {
  return callEndpoint(endpoints.users.createStaff, request);
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}
