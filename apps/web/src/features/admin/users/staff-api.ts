import { type CreateStaffBody, type StaffRole, type StaffUser, type UpdateStaffBody } from '@vmeste/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const staffKey = ['staff'] as const;

export function useStaff(role: StaffRole | null) {
  return useQuery({ queryKey: [...staffKey, role], queryFn: () => api.get<StaffUser[]>('/users', { query: { role } }) });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => api.post<StaffUser>('/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStaffBody }) => api.patch<StaffUser>(`/users/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useDeactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<StaffUser>(`/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
