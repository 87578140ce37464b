import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import type { TelegramLinkStart } from '@vmeste/contract';

/**
 * While a link to the bot waits for the person in Telegram: what to do there, and the link itself,
 * since a browser may block a window opened after a request; this one opens by the person's own click.
 */
export function TelegramStartAlert({ started, hint, testId }: { started: TelegramLinkStart; hint: string; testId: string }) {
  return (
    <Alert color="blue" variant="light" icon={<Loader size={16} />} data-testid={testId} role="status">
      <Stack gap={4}>
        <Text size="sm">{hint}</Text>
        <Text size="sm">
          Telegram не открылся?{' '}
          <Anchor href={started.url} target="_blank" rel="noopener" size="sm">
            {started.isEmulator ? 'Открыть эмулятор Telegram' : 'Открыть бота'}
          </Anchor>
        </Text>
        {started.isEmulator && (
          <Text size="xs" c="dimmed">
            Бот работает в режиме эмулятора: ссылка ведёт на его страницу в магазине, а не в настоящий Telegram.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
