import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMyInvoices } from '@/features/delivery';
import { plural } from '@vmeste/contract';
import { Link } from 'react-router';
import { href, routes } from '@/config/routes';
import { formatMoney } from '@/lib/format';
import { useMyOrders } from '../api/get-my-orders';
import { afterStopOrdersOf, cabinetSumsOf, dueOrdersOf, sumDue, whatIsDueText } from './order-dues';

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

/** What stands, in one sentence per kind: due, on check, after the stop; «Все заказы оплачены» only when nothing is left. */
function summaryOf(counts: { due: number; onCheck: number; afterStop: number; invoices: number }, ordersCount: number): string {
  const parts: string[] = [];
  if (counts.due || counts.invoices) parts.push(`${waitingForPaymentText(counts.due, counts.invoices)}.`);
  if (counts.onCheck) {
    parts.push(`${counts.onCheck} ${plural(counts.onCheck, 'заказ ждёт', 'заказа ждут', 'заказов ждут')} проверки чека.`);
  }
  if (counts.afterStop) {
    parts.push(`${counts.afterStop} ${plural(counts.afterStop, 'заказ', 'заказа', 'заказов')} можно будет оплатить после стопа закупки.`);
  }
  if (parts.length) return parts.join(' ');
  if (ordersCount) return 'Все заказы оплачены.';
  return 'Заказов пока нет: они появятся, когда организатор загрузит закупку с вашим телефоном.';
}

/** Orders listed under the sums: at most this many of those due, the page «Неоплаченные заказы» has them all. */
const LISTED = 3;

/**
 * The cabinet's sums — due now (orders and delivery invoices), on check, paid — and the orders due,
 * so it opens on what needs doing. The orders are counted by the rule of «Неоплаченные заказы» (order-dues.ts).
 */
export function DueSummary() {
  const orders = useMyOrders();
  const invoices = useMyInvoices();
  if (!orders.data) return null;
  const sums = cabinetSumsOf(orders.data);
  const due = dueOrdersOf(orders.data);
  // Invoices are paid online only, so none waits on a receipt check: every one with something due counts.
  const dueInvoices = (invoices.data ?? []).filter((i) => i.dueKopecks > 0);
  const isAnythingDue = sums.dueCount > 0 || dueInvoices.length > 0;
  const counts = {
    due: sums.dueCount,
    onCheck: sums.onCheckCount,
    afterStop: afterStopOrdersOf(orders.data).length,
    invoices: dueInvoices.length,
  };
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
                ? `${sums.onCheckCount} ${plural(sums.onCheckCount, 'заказ', 'заказа', 'заказов')} с чеком перевода`
                : 'Чеков на проверке нет'
            }
            testId="sum-on-check"
          />
          <Sum label="Оплачено" value={sums.paidKopecks} hint="За все заказы" testId="sum-paid" />
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="due-summary">
          {summaryOf(counts, orders.data.length)}
        </Text>
        {due.length > 0 && (
          <Stack gap={6} data-testid="due-orders">
            {due.slice(0, LISTED).map((o) => (
              <Group key={o.id} justify="space-between" wrap="nowrap" gap="sm">
                <Anchor component={Link} to={href('Order', { id: o.id })} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  № {o.number} · {o.purchase.title}
                </Anchor>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(o.dueKopecks)}
                </Text>
              </Group>
            ))}
            {due.length > LISTED && (
              <Text size="sm" c="dimmed">
                и ещё {due.length - LISTED} {plural(due.length - LISTED, 'заказ', 'заказа', 'заказов')}
              </Text>
            )}
          </Stack>
        )}
        {(isAnythingDue || sums.onCheckCount > 0 || counts.afterStop > 0) && (
          <Anchor component={Link} to={routes.PersonalUnpaidOrders.path} size="sm" fw={600}>
            {isAnythingDue ? 'Перейти к оплате' : 'Неоплаченные заказы'}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
