import { Group, Stack, Title } from '@mantine/core';
import { AddStaffButton, StaffDirectory } from '@/features/staff';

/** «Пользователи»: the employees of every staff role. */
export function AdminUserPage() {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Пользователи</Title>
        <AddStaffButton />
      </Group>
      <StaffDirectory />
    </Stack>
  );
}
