import { Stack, Text, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { LogisticsSummaryCards } from '@/features/logistics';

/** «Главная» of the logistician: what waits, each count opening its list. */
export function LogisticianMainPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{routes.LogisticianMain.title}</Title>
        <Text c="dimmed">Посылки по этапам доставки. Нажмите на карточку, чтобы открыть список.</Text>
      </div>
      <LogisticsSummaryCards />
    </Stack>
  );
}
