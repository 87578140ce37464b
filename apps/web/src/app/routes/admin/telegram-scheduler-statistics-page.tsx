import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { TelegramStatistics } from '@/features/telegram';

/** «Статистика рассылок»: every sending of a period with its counts, and messages and subscribers by day. */
export function AdminTelegramSchedulerStatisticsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.AdminTelegramSchedulerStatistics.title}</Title>
      <TelegramStatistics />
    </Stack>
  );
}
