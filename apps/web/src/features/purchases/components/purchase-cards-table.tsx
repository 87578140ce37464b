import { Select } from '@mantine/core';
import { useCards } from '@/features/cards';
import { BackOfficeTable } from '@/components/back-office-table';
import { runAction } from '@/lib/run-action';
import { usePurchases } from '../api/get-purchases';
import { useUpdatePurchase } from '../api/update-purchase';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** Unfinished purchases (the ones whose card still matters), each with the card clients pay to. */
export function PurchaseCardsTable() {
  const cards = useCards();
  const purchases = usePurchases({ pageSize: 100, isOpen: 'true' });
  const bind = useUpdatePurchase();
  const cardOptions = (cards.data ?? []).filter((c) => c.isActive).map((c) => ({ value: c.id, label: `${c.bank} ${c.numberMasked}` }));

  return (
    <BackOfficeTable
      minHeight={120}
      fetching={purchases.isFetching}
      records={purchases.data?.items ?? []}
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
                void runAction(
                  () => bind.mutateAsync({ params: { id: p.id }, body: { cardId } }),
                  cardId ? 'Карта привязана' : 'Карта отвязана',
                )
              }
              clearable
              w={320}
            />
          ),
        },
      ]}
    />
  );
}
