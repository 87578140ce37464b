import { Alert, Button, Card, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { type AdminPayment, formatPhone, plural } from '@vmeste/contract';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { useConfirmPayment } from '../api/confirm-payment';
import { useReceiptsQueue } from '../api/get-receipts-queue';
import { formatCardNumber } from './card-number';
import { type PaymentAction, PaymentActionModal } from './payment-action-modal';
import { PaymentItemsList } from './payment-items-list';
import { ReceiptPreview } from './receipt-preview';

/** «Проверка чеков»: receipts waiting for the admin, oldest first, each beside what the transfer should say. */
export function ReceiptsQueue() {
  const queue = useReceiptsQueue();
  const [action, setAction] = useState<PaymentAction | null>(null);

  if (queue.isPending) return <Loader role="status" aria-label="Загрузка чеков" />;
  const items = queue.data ?? [];
  return (
    <Stack gap="md">
      {items.length === 0 ? (
        <Alert color="teal" variant="light">
          Чеков на проверке нет. Новые появятся здесь, когда клиенты загрузят чеки переводов.
        </Alert>
      ) : (
        <Text c="dimmed" data-testid="receipts-count">
          {items.length} {plural(items.length, 'чек ждёт', 'чека ждут', 'чеков ждут')} проверки, сначала старые
        </Text>
      )}
      {items.map((payment) => (
        <ReceiptCheckCard key={payment.id} payment={payment} onReject={() => setAction({ kind: 'reject', payment })} />
      ))}
      <PaymentActionModal action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}

function ReceiptCheckCard({ payment, onReject }: { payment: AdminPayment; onReject: () => void }) {
  const confirmPayment = useConfirmPayment();
  const transfer = payment.transfer;
  return (
    <Card withBorder radius="md" padding="md" data-testid="receipt-check" aria-label={`Чек оплаты № ${payment.number}`} component="section">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <ReceiptPreview paymentId={payment.id} paymentNumber={payment.number} mime={payment.receiptMime} height={560} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            <Text fw={700}>
              Оплата № {payment.number} · от {formatDateTime(payment.createdAt)}
            </Text>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Должно прийти
              </Text>
              <Text fw={700} fz={28} lh={1.2} data-testid="expected-amount">
                {formatMoney(payment.amountKopecks)}
              </Text>
            </Stack>
            {transfer && (
              <>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    На карту
                  </Text>
                  <Text size="sm" fw={500}>
                    {transfer.bank} · {formatCardNumber(transfer.cardNumber)}
                  </Text>
                  <Text size="sm">{transfer.holderName}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    Комментарий в переводе
                  </Text>
                  <Text size="sm" fw={500}>
                    {transfer.comment}
                  </Text>
                </Stack>
              </>
            )}
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Клиент
              </Text>
              <Text size="sm">
                {payment.payer.name || '—'} · {formatPhone(payment.payer.phone)}
              </Text>
            </Stack>
            <PaymentItemsList items={payment.items} />
            <Group gap="sm" grow>
              <Button
                loading={confirmPayment.isPending}
                onClick={() =>
                  void runAction(
                    () => confirmPayment.mutateAsync({ params: { id: payment.id }, body: {} }),
                    `Оплата № ${payment.number} подтверждена`,
                  )
                }
              >
                Подтвердить
              </Button>
              <Button color="red" variant="light" onClick={onReject}>
                Отклонить
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
