import { Stack, Text, Title } from '@mantine/core';
import { ReceiptsQueue } from '@/features/payments';

/** «Проверка чеков»: transfers whose receipt waits for the admin. */
export function AdminCheckReceiptPage() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Проверка чеков</Title>
        <Text c="dimmed" size="sm">
          Сверьте сумму, карту и комментарий в чеке с ожидаемыми. Клиент получит сообщение о подтверждении или о причине отказа.
        </Text>
      </Stack>
      <ReceiptsQueue />
    </Stack>
  );
}
