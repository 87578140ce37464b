import { Button, Card, Grid, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  type AdminPayment,
  formatPhone,
  paymentMethods,
  paymentMethodTitles,
  paymentStatuses,
  paymentStatusTitles,
} from '@vmeste/contract';

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficeTable } from '@/components/back-office-table';
import { formatDateTime, formatMoney } from '@/lib/format';
import { PurchaseSelect } from '@/features/purchases';
import { usePayments } from '../api/get-payments';
import { bonusPartText } from './payment-bonus-text';
import { type PaymentAction, PaymentActionModal } from './payment-action-modal';
import { PaymentDetailsDrawer } from './payment-details-drawer';
import { PhoneFilter } from './payment-phone-filter';
import { type FilterKey, hasFilters, paymentFiltersOf, paymentListQueryOf, withFilters } from './payment-filters';
import { PaymentStatusBadge } from './payment-status-badge';
import { PaymentsTotals } from './payments-totals';

const PAGE_SIZE = 20;

const statusOptions = paymentStatuses.map((s) => ({ value: s, label: paymentStatusTitles[s] }));
const methodOptions = paymentMethods.map((m) => ({ value: m, label: paymentMethodTitles[m] }));

/**
 * «Оплаты»: every payment by server-side filters kept in the address (a filtered list can be sent as a
 * link), the totals of the whole filtered set, and a payment's card in a drawer (`?payment=<id>`).
 */
export function PaymentsRegistry() {
  const [params, setParams] = useSearchParams();
  const filters = paymentFiltersOf(params);
  const payments = usePayments(paymentListQueryOf(filters, PAGE_SIZE));
  const openedId = params.get('payment');
  const [action, setAction] = useState<PaymentAction | null>(null);

  const setFilter = (changes: Partial<Record<FilterKey | 'page', string | null>>) => setParams((current) => withFilters(current, changes));
  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('payment', id);
      else next.delete('payment');
      return next;
    });

  const page = payments.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        {/* Two short selects side by side on a phone; the purchase, the period and the phone take a row each there. */}
        <Grid gap="sm">
          <Grid.Col span={{ base: 6, md: 4, xl: 2 }}>
            <Select
              label="Статус"
              placeholder="Все"
              data={statusOptions}
              value={filters.status ?? null}
              onChange={(status) => setFilter({ status })}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4, xl: 2 }}>
            <Select
              label="Способ"
              placeholder="Все"
              data={methodOptions}
              value={filters.method ?? null}
              onChange={(method) => setFilter({ method })}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, xl: 2 }}>
            <PurchaseSelect value={filters.purchaseId ?? null} onChange={(purchaseId) => setFilter({ purchaseId })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 4, xl: 2 }}>
            <DatePickerInput
              type="range"
              label="Период"
              placeholder="Все даты"
              valueFormat="DD.MM.YYYY"
              value={[filters.from ?? null, filters.to ?? null]}
              onChange={([from, to]) => {
                // Half a period filters nothing yet: the address changes once both ends are picked or both cleared.
                if ((from && to) || (!from && !to)) setFilter({ from: from ?? null, to: to ?? null });
              }}
              clearable
              allowSingleDateInRange
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 4, xl: 2 }}>
            <PhoneFilter value={filters.phone ?? ''} onChange={(phone) => setFilter({ phone })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, xl: 2 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <Button variant="default" disabled={!hasFilters(filters)} onClick={() => setParams(new URLSearchParams())}>
              Сбросить фильтры
            </Button>
          </Grid.Col>
        </Grid>
      </Card>

      <PaymentsTotals page={page} />

      <BackOfficeTable<AdminPayment>
        minHeight={200}
        fetching={payments.isFetching}
        records={page?.items ?? []}
        totalRecords={page?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={filters.page}
        onPageChange={(next) => setFilter({ page: String(next) })}
        noRecordsText={hasFilters(filters) ? 'По этим фильтрам оплат нет' : 'Оплат пока нет'}
        onRowClick={({ record }) => open(record.id)}
        rowStyle={() => ({ cursor: 'pointer' })}
        columns={[
          {
            accessor: 'number',
            title: '№',
            render: (p) => (
              <UnstyledButton
                onClick={(event) => {
                  event.stopPropagation();
                  open(p.id);
                }}
                aria-label={`Открыть оплату № ${p.number}`}
                fw={600}
                c="indigo.9"
              >
                {p.number}
              </UnstyledButton>
            ),
          },
          { accessor: 'createdAt', title: 'Дата', render: (p) => formatDateTime(p.createdAt) },
          {
            accessor: 'payer',
            title: 'Клиент',
            render: (p) => (
              <Stack gap={0}>
                <Text size="sm">{p.payer.name || '—'}</Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(p.payer.phone)}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'method', title: 'Способ', render: (p) => paymentMethodTitles[p.method] },
          { accessor: 'status', title: 'Статус', render: (p) => <PaymentStatusBadge status={p.status} /> },
          {
            accessor: 'amountKopecks',
            title: 'Сумма',
            textAlign: 'right',
            render: (p) => (
              <>
                {formatMoney(p.amountKopecks)}
                {bonusPartText(p) && (
                  <Text size="xs" c="dimmed">
                    {bonusPartText(p)}
                  </Text>
                )}
              </>
            ),
          },
          {
            accessor: 'refundedKopecks',
            title: 'Возвращено',
            textAlign: 'right',
            render: (p) => (p.refundedKopecks ? formatMoney(p.refundedKopecks) : '—'),
          },
          { accessor: 'purchaseTitles', title: 'Закупки', render: (p) => p.purchaseTitles.join(', ') },
        ]}
      />
      <PaymentDetailsDrawer paymentId={openedId} onClose={() => open(null)} onAction={setAction} />
      <PaymentActionModal action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}
