import { ActionIcon, Anchor, Button, Drawer, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatPhone, type Order, orderEditableStatuses, type Purchase } from '@vmeste/contract';
import { IconExternalLink, IconFileImport, IconHistory, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { actionsColumn, RowAction } from '@/components/row-actions';
import { PhoneInput, typedPhoneDigits } from '@/components/phone-input';
import { href, routes } from '@/config/routes';
import { formatMoney } from '@/lib/format';
import { usePurchaseOrders } from '../api/get-purchase-orders';
import { FulfilmentHistoryModal } from './fulfilment-history-modal';
import { FulfilmentStatusBadge } from './fulfilment-status-badge';
import { ImportOrdersModal } from './import-orders-modal';
import { OrderFormModal } from './order-form-modal';
import { PaymentStateBadge } from './payment-state-badge';

const PAGE_SIZE = 20;

/** The orders of one purchase: table with where each order's goods are, hand edits and the import. */
export function PurchaseOrdersDrawer({ purchase, onClose }: { purchase: Purchase | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [phone, setPhone] = useState('');
  const [editing, setEditing] = useState<Order | null>(null);
  const [isOrderFormOpen, setOrderFormOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const [historyOf, setHistoryOf] = useState<Order | null>(null);
  const orders = usePurchaseOrders({ purchaseId: purchase?.id, page, pageSize: PAGE_SIZE, phone: typedPhoneDigits(phone) });
  const isEditable = purchase ? orderEditableStatuses.includes(purchase.status) : false;

  return (
    <Drawer opened={Boolean(purchase)} onClose={onClose} position="right" size="80rem" title={purchase ? `Заказы: ${purchase.title}` : ''}>
      {purchase && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <PhoneInput
              label="Телефон"
              placeholder="Часть номера"
              leftSection={<IconSearch size={16} />}
              value={phone}
              onChange={(next) => {
                setPhone(next);
                setPage(1);
              }}
            />
            <Group>
              <Button variant="light" leftSection={<IconFileImport size={18} />} onClick={() => setImportOpen(true)} disabled={!isEditable}>
                Импорт из файла
              </Button>
              <Button
                leftSection={<IconPlus size={18} />}
                disabled={!isEditable}
                onClick={() => {
                  setEditing(null);
                  setOrderFormOpen(true);
                }}
              >
                Добавить заказ
              </Button>
            </Group>
          </Group>
          {!isEditable && (
            <Text size="sm" c="dimmed">
              Закупка уже заказана у поставщика: заказы в ней больше не меняются.
            </Text>
          )}
          <BackOfficeTable
            minHeight={200}
            fetching={orders.isFetching}
            records={orders.data?.items ?? []}
            totalRecords={orders.data?.total ?? 0}
            recordsPerPage={PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            noRecordsText="Заказов пока нет: загрузите файл или добавьте заказ вручную"
            columns={[
              { accessor: 'number', title: '№' },
              {
                accessor: 'phone',
                title: 'Клиент',
                render: (o) => (
                  <Stack gap={0}>
                    <Text size="sm">{formatPhone(o.phone)}</Text>
                    <Text size="xs" c="dimmed">
                      {o.clientName || '—'}
                      {o.hasAccount ? '' : ' · без аккаунта'}
                    </Text>
                  </Stack>
                ),
              },
              { accessor: 'lines', title: 'Строк', textAlign: 'right', render: (o) => o.lines.length },
              { accessor: 'totalKopecks', title: 'Итого', textAlign: 'right', render: (o) => formatMoney(o.totalKopecks) },
              {
                accessor: 'paidKopecks',
                title: 'Оплачено',
                textAlign: 'right',
                render: (o) => (
                  <Stack gap={0} align="flex-end">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(o.paidKopecks)}
                    </Text>
                    {o.refundDueKopecks > 0 && (
                      <Text size="xs" c="red.9" style={{ whiteSpace: 'nowrap' }}>
                        к возврату {formatMoney(o.refundDueKopecks)}
                      </Text>
                    )}
                  </Stack>
                ),
              },
              {
                accessor: 'paymentState',
                title: 'Оплата',
                render: (o) => <PaymentStateBadge state={o.paymentState} />,
              },
              {
                accessor: 'fulfilmentStatus',
                title: 'Где заказ',
                render: (o) => (o.isCanceled ? '—' : <FulfilmentStatusBadge status={o.fulfilmentStatus} />),
              },
              actionsColumn((o: Order) => (
                <>
                  <RowAction
                    title="Движение заказа: кто и когда"
                    label={`Движение заказа № ${o.number}`}
                    icon={IconHistory}
                    onClick={() => setHistoryOf(o)}
                  />
                  <Tooltip label="Страница заказа для клиента">
                    <ActionIcon
                      component="a"
                      href={href('Order', { id: o.id })}
                      target="_blank"
                      variant="subtle"
                      aria-label={`Открыть заказ № ${o.number}`}
                    >
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <RowAction
                    title="Изменить"
                    label={`Изменить заказ № ${o.number}`}
                    icon={IconPencil}
                    disabled={!isEditable || o.isCanceled}
                    onClick={() => {
                      setEditing(o);
                      setOrderFormOpen(true);
                    }}
                  />
                </>
              )),
            ]}
          />
          <Text size="xs" c="dimmed">
            Ссылку на заказ можно отправить клиенту: по ней видно заказ без входа, телефон скрыт.{' '}
            <Anchor href={routes.DeliveryAndPayment.path} target="_blank" inherit>
              Как клиенты оплачивают
            </Anchor>
          </Text>
          <OrderFormModal purchaseId={purchase.id} order={editing} opened={isOrderFormOpen} onClose={() => setOrderFormOpen(false)} />
          <ImportOrdersModal purchaseId={purchase.id} opened={isImportOpen} onClose={() => setImportOpen(false)} />
          <FulfilmentHistoryModal order={historyOf} onClose={() => setHistoryOf(null)} />
        </Stack>
      )}
    </Drawer>
  );
}
