import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { BoxberrySettingsPanel } from '@/features/logistics';

/** «Настройки Boxberry»: the token, the drop-off point, default sizes, a connection check. */
export function LogisticianSettingsBoxberryPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.LogisticianSettingsBoxberry.title}</Title>
      <BoxberrySettingsPanel />
    </Stack>
  );
}
