import { Alert, Badge, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type BonusClient, formatPhone } from '@vmeste/contract';
import { formatDateTime } from '@/lib/format';
import { useBonusClient } from '../api/get-bonus-client';
import { EntryAmount } from './bonus-entry-parts';
import { balanceTexts, errorText, formatPercent, isNotFound } from './bonus-texts';

export const CLIENT_NOT_FOUND = 'Клиент не найден';

/** Who the typed phone belongs to, the balance and the latest rows; nothing until the phone is whole. */
export function BonusClientSummary({ phone }: { phone: string | null }) {
  const client = useBonusClient(phone);
  if (phone === null) return null;
  if (client.isPending) return <Loader size="sm" role="status" aria-label="Ищем клиента" />;
  if (client.isError) {
    return (
      <Alert color={isNotFound(client.error) ? 'orange' : 'red'} variant="light" data-testid="bonus-client-missing">
        {isNotFound(client.error)
          ? `${CLIENT_NOT_FOUND}: с номером ${formatPhone(phone)} никто не зарегистрирован`
          : errorText(client.error)}
      </Alert>
    );
  }
  return <ClientCard client={client.data} />;
}

function ClientCard({ client }: { client: BonusClient }) {
  const balance = balanceTexts(client.balanceKopecks, 'Баланс');
  return (
    <Paper withBorder radius="md" p="md" data-testid="bonus-client">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={0}>
            <Text fw={600}>{client.name || 'Без имени'}</Text>
            <Text size="sm" c="dimmed">
              {formatPhone(client.phone)}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {balance.title}
            </Text>
            <Text fw={700} fz="lg" c={balance.isDebt ? 'red.9' : undefined}>
              {balance.amount}
            </Text>
          </Stack>
        </Group>
        {client.customPercent !== null && (
          <Group>
            <Badge variant="light" color="grape" c="grape.9">
              Индивидуальный кешбэк {formatPercent(client.customPercent)}
            </Badge>
          </Group>
        )}
        <Divider />
        {client.recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            Операций по бонусному счёту ещё не было.
          </Text>
        ) : (
          <Stack gap={6} data-testid="bonus-client-recent">
            <Text size="xs" c="dimmed">
              Последние операции
            </Text>
            {client.recent.map((entry) => (
              <Group key={entry.id} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm">{entry.description}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(entry.at)}
                  </Text>
                </Stack>
                <EntryAmount kopecks={entry.amountKopecks} />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
