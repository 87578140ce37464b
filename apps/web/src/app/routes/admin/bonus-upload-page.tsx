import { SimpleGrid, Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { BonusUploadPanel, BonusUploadsHistory, ManualBonusForm } from '@/features/bonus';

/** «Ручное начисление»: bonuses to one client or by a table, and the tables applied before. */
export function AdminBonusUploadPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.AdminBonusUpload.title}</Title>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <ManualBonusForm />
        <BonusUploadPanel />
      </SimpleGrid>
      <BonusUploadsHistory />
    </Stack>
  );
}
