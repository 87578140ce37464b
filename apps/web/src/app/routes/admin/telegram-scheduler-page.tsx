import { Button, Group, Stack, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '@/config/routes';
import { TelegramScheduler } from '@/features/telegram';

/** «Расписание»: the bot, the admin's own Telegram for test sends, the post form and the posts. */
export function AdminTelegramSchedulerPage() {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{routes.AdminTelegramScheduler.title}</Title>
        <Button component={Link} to={routes.AdminTelegramSchedulerStatistics.path} variant="light" leftSection={<IconChartBar size={18} />}>
          {routes.AdminTelegramSchedulerStatistics.title}
        </Button>
      </Group>
      <TelegramScheduler />
    </Stack>
  );
}
