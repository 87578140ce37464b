import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { BonusSettingsPanel } from '@/features/bonus';

/** «Настройки бонусной программы»: percents, when cashback comes, expiry, and the history of changes. */
export function AdminBonusSettingsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.AdminBonusSettings.title}</Title>
      <BonusSettingsPanel />
    </Stack>
  );
}
