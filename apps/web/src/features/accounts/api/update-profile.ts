import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { reloadCurrentUser } from './get-current-user';

export type UpdateProfileInput = EndpointRequest<typeof endpoints.users.updateProfile>;

export function updateProfile(request: UpdateProfileInput) {
  return callEndpoint(endpoints.users.updateProfile, request);
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    // The specification reloads the current user after an update rather than trusting the answer.
    onSuccess: () => reloadCurrentUser(),
  });
}
