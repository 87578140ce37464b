import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CashPaymentButton } from '@/features/orders';
import { MoneyAudit, PaymentsRegistry, ProviderDifferences, RefundsDue } from '@/features/payments';
import { useAddressTab } from '@/lib/use-address-tab';

const tabs = ['payments', 'audit'] as const;
type Tab = (typeof tabs)[number];
const DEFAULT_TAB: Tab = 'payments';

/**
 * «Оплаты» in two tabs kept in the address (`?tab=audit`): the payments — money owed back first
 * (hidden when none), then every payment with filters and its card; a cash payment opens its card
 * once recorded — and «Сверка», the money audit. Only the open tab is mounted, so the audit runs
 * only when it is opened.
 */
export function AdminPaymentsPage() {
  const [tab, openTab] = useAddressTab(tabs, DEFAULT_TAB);
  const [, setParams] = useSearchParams();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Оплаты</Title>
        <CashPaymentButton
          onRecorded={(paymentId) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.delete('tab');
              next.set('payment', paymentId);
              return next;
            })
          }
        />
      </Group>
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="payments">Платежи</Tabs.Tab>
          <Tabs.Tab value="audit">Сверка</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments">
          <Stack gap="lg">
            <ProviderDifferences />
            <RefundsDue />
            <PaymentsRegistry />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <MoneyAudit />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
