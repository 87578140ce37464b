import { Alert, Button, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { type AdminPaymentDetails, formatPhone, paymentActionTitles, paymentMethodTitles, paymentStatusTitles } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePaymentDetails } from '../api/get-payment-details';
import { formatCardNumber } from './card-number';
import { bonusPartText } from './payment-bonus-text';
import { paymentItemLabel, paymentItemsHeading } from './payment-item-texts';
import { availableActionsOf } from './payment-actions';
import { chronological, historyActorOf } from './payment-history';
import { PaymentStatusBadge } from './payment-status-badge';
import { ReceiptPreview } from './receipt-preview';
import type { PaymentAction } from './payment-action-modal';

type Props = { paymentId: string | null; onClose: () => void; onAction: (action: PaymentAction) => void };

/** A payment's card for the admin: orders and amounts, payer, provider, the receipt, its history and the actions its state allows. */
export function PaymentDetailsDrawer({ paymentId, onClose, onAction }: Props) {
  const details = usePaymentDetails(paymentId);
  const data = details.data?.id === paymentId ? details.data : undefined;
  return (
    <Drawer opened={Boolean(paymentId)} onClose={onClose} position="right" size="56rem" title={data ? `Оплата № ${data.number}` : 'Оплата'}>
      {details.isFetching && !data && <Loader role="status" aria-label="Загрузка оплаты" />}
      {details.isError && !data && (
        <Alert color="red" variant="light">
          Не удалось загрузить оплату.
        </Alert>
      )}
      {data && <PaymentDetails payment={data} onAction={onAction} />}
    </Drawer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function PaymentDetails({ payment, onAction }: { payment: AdminPaymentDetails; onAction: (action: PaymentAction) => void }) {
  const { canConfirm, canReject, canCancel, canRefund } = availableActionsOf(payment);
  const isPerOrderRefund = canRefund && payment.items.length > 1;
  const hasInvoices = payment.items.some((item) => item.kind === 'delivery_invoice');
  return (
    <Stack gap="lg" data-testid="payment-details">
      <Group gap="sm">
        <PaymentStatusBadge status={payment.status} />
        <Text fw={700}>{formatMoney(payment.amountKopecks)}</Text>
        {bonusPartText(payment) && (
          <Text c="teal.9" data-testid="payment-bonus-part">
            {bonusPartText(payment)}
          </Text>
        )}
        <Text c="dimmed">{paymentMethodTitles[payment.method]}</Text>
        {payment.refundedKopecks > 0 && <Text c="grape.9">возвращено {formatMoney(payment.refundedKopecks)}</Text>}
      </Group>
      {(canConfirm || canReject || canCancel || canRefund) && (
        <Group gap="sm">
          {canConfirm && <Button onClick={() => onAction({ kind: 'confirm', payment })}>Подтвердить</Button>}
          {canReject && (
            <Button color="red" variant="light" onClick={() => onAction({ kind: 'reject', payment })}>
              Отклонить
            </Button>
          )}
          {canCancel && (
            <Button variant="default" onClick={() => onAction({ kind: 'cancel', payment })}>
              Отменить
            </Button>
          )}
          {canRefund && (
            <Button variant="light" color="grape" onClick={() => onAction({ kind: 'refund', payment })}>
              {payment.refundedKopecks > 0 ? 'Вернуть остаток' : 'Вернуть'}
            </Button>
          )}
        </Group>
      )}
      {payment.reason && (
        <Alert color="red" variant="light">
          Причина: {payment.reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Field label="Клиент">
          {payment.payer.name || '—'} · {formatPhone(payment.payer.phone)}
        </Field>
        <Field label="Создана">{formatDateTime(payment.createdAt)}</Field>
        <Field label="Оплачена">{payment.paidAt ? formatDateTime(payment.paidAt) : '—'}</Field>
        <Field label="Платёжный сервис">
          {payment.provider ?? '—'}
          {payment.providerPaymentId && (
            <Text size="xs" ff="monospace" data-testid="provider-payment-id">
              {payment.providerPaymentId}
            </Text>
          )}
        </Field>
        {payment.transfer && (
          <>
            <Field label="Карта">
              {payment.transfer.bank} · {formatCardNumber(payment.transfer.cardNumber)}
              <Text size="xs">{payment.transfer.holderName}</Text>
            </Field>
            <Field label="Комментарий к переводу">{payment.transfer.comment}</Field>
          </>
        )}
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {hasInvoices ? paymentItemsHeading(payment.items) : 'Заказы'}
        </Title>
        {/* Narrow enough for a phone; the per-order refund buttons need a column more. */}
        <Table.ScrollContainer minWidth={isPerOrderRefund ? 440 : 320}>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{hasInvoices ? 'Заказ или счёт' : 'Заказ'}</Table.Th>
                <Table.Th>{hasInvoices ? 'Закупка или доставка' : 'Закупка'}</Table.Th>
                <Table.Th ta="right">Сумма</Table.Th>
                <Table.Th ta="right">Возвращено</Table.Th>
                {isPerOrderRefund && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payment.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{paymentItemLabel(item)}</Table.Td>
                  <Table.Td>{item.purchaseTitle}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.amountKopecks)}
                    {item.bonusKopecks > 0 && payment.method !== 'bonus' && (
                      <Text size="xs" c="dimmed">
                        бонусами {formatMoney(item.bonusKopecks)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {item.refundedKopecks > 0 ? formatMoney(item.refundedKopecks) : '—'}
                  </Table.Td>
                  {isPerOrderRefund && (
                    <Table.Td ta="right">
                      {item.orderId && item.amountKopecks > item.refundedKopecks && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="grape"
                          onClick={() => onAction({ kind: 'refund', payment, item })}
                          aria-label={`Вернуть по заказу № ${item.orderNumber}`}
                        >
                          Вернуть
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      {payment.hasReceipt && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Чек
          </Title>
          <ReceiptPreview paymentId={payment.id} paymentNumber={payment.number} mime={payment.receiptMime} height={520} />
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={3} size="h5">
          История
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={payment.history.length} data-testid="payment-history">
          {chronological(payment.history).map((entry) => (
            <Timeline.Item key={entry.id} title={paymentActionTitles[entry.action]}>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)} · {historyActorOf(entry)}
              </Text>
              {(entry.statusBefore || entry.statusAfter) && entry.statusBefore !== entry.statusAfter && (
                <Text size="sm">
                  {entry.statusBefore ? paymentStatusTitles[entry.statusBefore] : 'Новый'} →{' '}
                  {entry.statusAfter ? paymentStatusTitles[entry.statusAfter] : '—'}
                </Text>
              )}
              {entry.amountKopecks !== null && <Text size="sm">Сумма: {formatMoney(entry.amountKopecks)}</Text>}
              {entry.comment && <Text size="sm">«{entry.comment}»</Text>}
              {entry.orders.map((order) => (
                <Text key={order.number} size="xs" c="dimmed">
                  Заказ № {order.number}: оплачено {formatMoney(order.paidBeforeKopecks)} → {formatMoney(order.paidAfterKopecks)}
                </Text>
              ))}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}
