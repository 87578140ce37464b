import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { PriceListPanel } from '@/features/logistics';

/** «Прайс-лист»: delivery tariffs by kind and weight, their versions and XLSX. */
export function LogisticianSettingsPriceListPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.LogisticianSettingsPriceList.title}</Title>
      <PriceListPanel />
    </Stack>
  );
}
