import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPhone, type Payment } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';
import { amountToCopy, cardNumberToCopy, formatCardNumber } from './card-number';
import { CopyValue } from './copy-value';
import { ReceiptUpload } from './receipt-upload';

/**
 * Where to send a transfer and what to write in it, then the receipt: the card bound to the orders'
 * purchase, the exact amount and the comment, each with a copy button.
 */
export function TransferDetails({ payment }: { payment: Payment }) {
  const { transfer } = payment;
  if (!transfer) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="transfer-details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <CopyValue
            label="Сумма перевода"
            value={formatMoney(payment.amountKopecks)}
            copyValue={amountToCopy(payment.amountKopecks)}
            isStrong
          />
          <CopyValue label="Комментарий к переводу" value={transfer.comment} isStrong />
          <CopyValue label="Номер карты" value={formatCardNumber(transfer.cardNumber)} copyValue={cardNumberToCopy(transfer.cardNumber)} />
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Банк и получатель
            </Text>
            <Text fw={500}>{transfer.bank}</Text>
            <Text size="sm">{transfer.holderName}</Text>
          </Stack>
          {transfer.sbpPhone && (
            <CopyValue label="Телефон для перевода по СБП" value={formatPhone(transfer.sbpPhone)} copyValue={`+${transfer.sbpPhone}`} />
          )}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Переведите ровно эту сумму одним переводом и напишите комментарий — по нему мы найдём ваш перевод.
        </Text>
        {payment.status === 'pending' && <ReceiptUpload paymentId={payment.id} />}
        {payment.status === 'awaiting_check' && (
          <Alert color="indigo" variant="light" title="Чек на проверке">
            Мы проверяем перевод и пришлём сообщение, когда подтвердим оплату.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
