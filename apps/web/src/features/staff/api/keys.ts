import type { StaffRole } from '@vmeste/contract';

export const staffKeys = {
  all: ['staff'] as const,
  list: (role: StaffRole | null) => [...staffKeys.all, 'list', role] as const,
};
