import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { type Card, formatPhone } from '@vmeste/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
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
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (c) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Изменить">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Изменить карту ${c.numberMasked}`}
                    onClick={() => {
                      setEditing(c);
                      setFormOpen(true);
                    }}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Удалить">
                  <ActionIcon variant="subtle" color="red" aria-label={`Удалить карту ${c.numberMasked}`} onClick={() => void askDelete(c)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <CardFormModal card={editing} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
