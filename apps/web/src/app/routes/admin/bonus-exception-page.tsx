import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { BonusExceptions } from '@/features/bonus';

/** «Исключения»: purchases without cashback and clients with a cashback percent of their own. */
export function AdminBonusExceptionPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.AdminBonusException.title}</Title>
      <BonusExceptions />
    </Stack>
  );
}
