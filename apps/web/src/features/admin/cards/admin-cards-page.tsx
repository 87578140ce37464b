import { ActionIcon, Badge, Button, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type Card, formatPhone, type Purchase } from '@vmeste/contract';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PurchaseStatusBadge } from '@/components/purchase-status-badge';
import { api } from '@/lib/api-client';
import { confirm, escapeHtml } from '@/lib/confirm';
import { toast } from '@/lib/toasts';
import { CardFormModal } from './card-form-modal';
import { cardsKey, useCards } from './cards-api';
import { BackOfficeTable } from '@/components/back-office-table';

/** Unfinished purchases: the ones whose card still matters. */
function useOpenPurchases() {
  return useQuery({
    queryKey: ['purchases', 'open-for-cards'],
    queryFn: async () => (await api.get<{ items: Purchase[] }>('/purchases', { query: { pageSize: 100, isOpen: true } })).items,
  });
}

export function AdminCartBindingPage() {
  const queryClient = useQueryClient();
  const cards = useCards();
  const purchases = useOpenPurchases();
  const [editing, setEditing] = useState<Card | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<Card>(`/cards/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
  const bind = useMutation({
    mutationFn: ({ purchaseId, cardId }: { purchaseId: string; cardId: string | null }) =>
      api.patch<Purchase>(`/purchases/${purchaseId}`, { cardId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['purchases'] }),
  });

  async function askDelete(card: Card) {
    const isConfirmed = await confirm({
      title: 'Удалить карту?',
      messageHtml: `Карта <b>${escapeHtml(card.bank)} ${card.numberMasked}</b> пропадёт из списка. Прошлые оплаты на неё сохранятся.`,
      confirmLabel: 'Удалить',
      isDanger: true,
    });
    if (!isConfirmed) return;
    await remove.mutateAsync(card.id);
    toast.success('Карта удалена');
  }

  const cardOptions = (cards.data ?? []).filter((c) => c.isActive).map((c) => ({ value: c.id, label: `${c.bank} ${c.numberMasked}` }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Привязка карты</Title>
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          Добавить карту
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Клиенты переводят деньги на карту, привязанную к закупке, и загружают чек. Номер полностью виден только в форме изменения.
      </Text>
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
      <Title order={2} size="h3">
        Карты закупок
      </Title>
      <BackOfficeTable
        minHeight={120}
        fetching={purchases.isFetching}
        records={purchases.data ?? []}
        noRecordsText="Незавершённых закупок нет"
        columns={[
          { accessor: 'title', title: 'Закупка' },
          { accessor: 'status', title: 'Статус', render: (p) => <PurchaseStatusBadge status={p.status} /> },
          {
            accessor: 'cardId',
            title: 'Карта для переводов',
            render: (p) => (
              <Select
                aria-label={`Карта закупки «${p.title}»`}
                placeholder="Не выбрана"
                data={cardOptions}
                value={p.cardId}
                onChange={(cardId) =>
                  void bind
                    .mutateAsync({ purchaseId: p.id, cardId })
                    .then(() => toast.success(cardId ? 'Карта привязана' : 'Карта отвязана'))
                }
                clearable
                w={320}
              />
            ),
          },
        ]}
      />
      <CardFormModal card={editing} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </Stack>
  );
}
