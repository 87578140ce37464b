import { Badge } from '@mantine/core';
import { type Card, formatPhone } from '@vmeste/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { actionsColumn, RowAction } from '@/components/row-actions';
import { confirm, escapeHtml } from '@/lib/confirm';
import { runAction } from '@/lib/run-action';
import { useDeleteCard } from '../api/delete-card';
import { useCards } from '../api/get-cards';
import { CardFormModal } from './card-form-modal';

/** The cards clients transfer money to, with editing and deletion. */
export function CardsTable() {
  const cards = useCards();
  const remove = useDeleteCard();
  const [editing, setEditing] = useState<Card | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);

  async function askDelete(card: Card) {
    const isConfirmed = await confirm({
      title: 'Удалить карту?',
      messageHtml: `Карта <b>${escapeHtml(card.bank)} ${card.numberMasked}</b> пропадёт из списка. Прошлые оплаты на неё сохранятся.`,
      confirmLabel: 'Удалить',
      isDanger: true,
    });
    if (!isConfirmed) return;
    await runAction(() => remove.mutateAsync({ params: { id: card.id } }), 'Карта удалена');
  }

  return (
    <>
      <BackOfficeTable
        minHeight={160}
        fetching={cards.isFetching}
        records={cards.data ?? []}
        noRecordsText="Карт пока нет: добавьте карту, на которую клиенты будут переводить оплату"
        columns={[
          { accessor: 'bank', title: 'Банк' },
          { accessor: 'numberMasked', title: 'Карта' },
          { accessor: 'holderName', title: 'Получатель' },
          { accessor: 'sbpPhone', title: 'СБП', render: (c) => (c.sbpPhone ? formatPhone(c.sbpPhone) : '—') },
          {
            accessor: 'isActive',
            title: 'Статус',
            render: (c) =>
              c.isActive ? (
                <Badge color="teal.9" variant="filled">
                  Принимает
                </Badge>
              ) : (
                <Badge color="gray.7" variant="filled">
                  Отключена
                </Badge>
              ),
          },
          actionsColumn((c: Card) => (
            <>
              <RowAction
                title="Изменить"
                label={`Изменить карту ${c.numberMasked}`}
                icon={IconPencil}
                onClick={() => {
                  setEditing(c);
                  setFormOpen(true);
                }}
              />
              <RowAction
                title="Удалить"
                label={`Удалить карту ${c.numberMasked}`}
                icon={IconTrash}
                color="red"
                onClick={() => void askDelete(c)}
              />
            </>
          )),
        ]}
      />
      <CardFormModal card={editing} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
