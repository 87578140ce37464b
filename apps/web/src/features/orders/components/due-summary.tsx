import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMyInvoices } from '@/features/delivery';
import { paymentStatesByOrder, useMyPayments } from '@/features/payments';
import { plural } from '@vmeste/contract';
import { Link } from 'react-router';
import { href, routes } from '@/config/routes';
import { formatMoney } from '@/lib/format';
import { useMyOrders } from '../api/get-my-orders';
import { cabinetSumsOf, sumDue, whatIsDueText } from './order-dues';

function Sum({ label, value, hint, testId }: { label: string; value: number; hint: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/** «2 заказа ждут оплаты», «1 счёт за доставку ждёт оплаты», «1 заказ и 1 счёт за доставку ждут оплаты». */
function waitingForPaymentText(dueCount: number, invoicesCount: number): string {
  if (!invoicesCount) return `${dueCount} ${plural(dueCount, 'заказ ждёт', 'заказа ждут', 'заказов ждут')} оплаты`;
  // «1 заказ и 1 счёт … ждут», but «21 счёт за доставку ждёт».
  const verb = dueCount ? 'ждут' : plural(invoicesCount, 'ждёт', 'ждут', 'ждут');
  return `${whatIsDueText(dueCount, invoicesCount)} ${verb} оплаты`;
}

function summaryOf(dueCount: number, waitingCount: number, ordersCount: number, invoicesCount: number): string {
  const waiting = waitingCount
    ? ` ${waitingCount} ${plural(waitingCount, 'заказ', 'заказа', 'заказов')} можно будет оплатить после стопа закупки.`
    : '';
  if (dueCount || invoicesCount) return `${waitingForPaymentText(dueCount, invoicesCount)}.${waiting}`;
  if (waiting) return waiting.trim();
  if (ordersCount) return 'Все заказы оплачены.';
  return 'Заказов пока нет: они появятся, когда организатор загрузит закупку с вашим телефоном.';
}

/**
 * The cabinet's sums — due now (orders and delivery invoices), on check, paid — and the latest orders,
 * so it opens on what needs doing.
 */
export function DueSummary() {
  const orders = useMyOrders();
  const payments = useMyPayments();
  const invoices = useMyInvoices();
  if (!orders.data || !payments.data) return null;
  const sums = cabinetSumsOf(orders.data, payments.data, paymentStatesByOrder(payments.data));
  // Invoices are paid online only, so none waits on a receipt check: every one with something due counts.
  const dueInvoices = (invoices.data ?? []).filter((i) => i.dueKopecks > 0);
  const isAnythingDue = sums.dueCount > 0 || dueInvoices.length > 0;
  const waitingCount = orders.data.filter((o) => o.dueKopecks > 0 && !o.isPayable).length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {/* The sums below say how much; a headline repeating «К оплате» would say it twice. */}
          Оплата заказов
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Sum
            label="К оплате"
            value={sums.dueKopecks + sumDue(dueInvoices)}
            hint={isAnythingDue ? waitingForPaymentText(sums.dueCount, dueInvoices.length) : 'Платить нечего'}
            testId="sum-due"
          />
          <Sum
            label="На проверке"
            value={sums.onCheckKopecks}
            hint={
              sums.onCheckCount
                ? `${sums.onCheckCount} ${plural(sums.onCheckCount, 'чек', 'чека', 'чеков')} перевода`
                : 'Чеков на проверке нет'
            }
            testId="sum-on-check"
          />
          <Sum label="Оплачено" value={sums.paidKopecks} hint="За все заказы" testId="sum-paid" />
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="due-summary">
          {summaryOf(sums.dueCount, waitingCount, orders.data.length, dueInvoices.length)}
        </Text>
        {orders.data.slice(0, 3).map((o) => (
          <Group key={o.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={href('Order', { id: o.id })} size="sm">
              № {o.number} · {o.purchase.title}
            </Anchor>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(o.totalKopecks)}
            </Text>
          </Group>
        ))}
        {isAnythingDue && (
          <Anchor component={Link} to={routes.PersonalUnpaidOrders.path} size="sm" fw={600}>
            Перейти к оплате
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
