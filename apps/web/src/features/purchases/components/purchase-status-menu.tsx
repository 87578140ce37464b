import { ActionIcon, Menu } from '@mantine/core';
import {
  feeChangeableStatuses,
  feeEditableStatuses,
  type Purchase,
  type PurchaseStatus,
  purchaseStatusTitles,
  purchaseTransitions,
} from '@vmeste/contract';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm, escapeHtml } from '@/lib/confirm';
import { runAction } from '@/lib/run-action';
import { useChangePurchaseStatus } from '../api/change-purchase-status';
import { FeeChangeModal } from './fee-change-modal';

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

/**
 * The next steps of a purchase's lifecycle; each one is confirmed first, cancelling with a warning.
 * After collection the organizer fee changes here too («Изменить оргсбор»), with its figures first.
 */
export function PurchaseStatusMenu({ purchase }: { purchase: Purchase }) {
  const changeStatus = useChangePurchaseStatus();
  const [isFeeOpen, setFeeOpen] = useState(false);
  // While orders are collected the fee is a field of the purchase's form.
  const isFeeAction = feeChangeableStatuses.includes(purchase.status) && !feeEditableStatuses.includes(purchase.status);
  const transitions = purchaseTransitions[purchase.status];

  async function askStatus(next: PurchaseStatus) {
    const isCancel = next === 'canceled';
    const isConfirmed = await confirm({
      title: transitionLabels[next] ?? 'Сменить статус',
      messageHtml: `Закупка <b>${escapeHtml(purchase.title)}</b>: «${purchaseStatusTitles[purchase.status]}» → «${purchaseStatusTitles[next]}».${
        isCancel ? '<br/>Все её заказы будут отменены; оплаченное по ним появится в «Оплаты» → «К возврату».' : ''
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
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Статус: ${purchase.title}`} disabled={transitions.length === 0 && !isFeeAction}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {transitions.map((next) => (
            <Menu.Item key={next} color={next === 'canceled' ? 'red' : undefined} onClick={() => void askStatus(next)}>
              {next === 'open' && purchase.status === 'stopped' ? 'Возобновить сбор заказов' : transitionLabels[next]}
            </Menu.Item>
          ))}
          {isFeeAction && (
            <>
              {transitions.length > 0 && <Menu.Divider />}
              <Menu.Item onClick={() => setFeeOpen(true)}>Изменить оргсбор…</Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <FeeChangeModal purchase={isFeeOpen ? purchase : null} onClose={() => setFeeOpen(false)} />
    </>
  );
}
