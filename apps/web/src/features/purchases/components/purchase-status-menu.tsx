import { ActionIcon, Menu } from '@mantine/core';
import { type Purchase, type PurchaseStatus, purchaseStatusTitles, purchaseTransitions } from '@vmeste/contract';
import { IconDots } from '@tabler/icons-react';
import { confirm, escapeHtml } from '@/lib/confirm';
import { runAction } from '@/lib/run-action';
import { useChangePurchaseStatus } from '../api/change-purchase-status';

const transitionLabels: Partial<Record<PurchaseStatus, string>> = {
  open: 'Открыть сбор заказов',
  stopped: 'Объявить стоп',
  payment: 'Открыть оплату',
  ordered: 'Заказано у поставщика',
  in_transit: 'Товар в пути',
  at_warehouse: 'Товар на складе',
  distribution: 'Начать раздачу',
  completed: 'Завершить закупку',
  canceled: 'Отменить закупку',
};

/** The next steps of a purchase's lifecycle; each one is confirmed first, cancelling with a warning. */
export function PurchaseStatusMenu({ purchase }: { purchase: Purchase }) {
  const changeStatus = useChangePurchaseStatus();

  async function askStatus(next: PurchaseStatus) {
    const isCancel = next === 'canceled';
    const isConfirmed = await confirm({
      title: transitionLabels[next] ?? 'Сменить статус',
      messageHtml: `Закупка <b>${escapeHtml(purchase.title)}</b>: «${purchaseStatusTitles[purchase.status]}» → «${purchaseStatusTitles[next]}».${
        isCancel ? '<br/>Неоплаченные заказы будут отменены.' : ''
      }`,
      confirmLabel: isCancel ? 'Отменить закупку' : 'Подтвердить',
      isDanger: isCancel,
    });
    if (!isConfirmed) return;
    await runAction(
      () => changeStatus.mutateAsync({ params: { id: purchase.id }, body: { status: next } }),
      `Статус: ${purchaseStatusTitles[next]}`,
    );
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Статус: ${purchase.title}`} disabled={purchaseTransitions[purchase.status].length === 0}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {purchaseTransitions[purchase.status].map((next) => (
          <Menu.Item key={next} color={next === 'canceled' ? 'red' : undefined} onClick={() => void askStatus(next)}>
            {next === 'open' && purchase.status === 'stopped' ? 'Возобновить сбор заказов' : transitionLabels[next]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
