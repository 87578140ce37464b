import { Tabs } from '@mantine/core';
import { useAddressTab } from '@/lib/use-address-tab';
import { CashbackPurchases } from './cashback-purchases';
import { CustomRates } from './custom-rates';

const sections = ['purchases', 'clients'] as const;

/** «Исключения»: purchases without cashback and clients with a percent of their own, as two tabs (`?tab=clients`). */
export function BonusExceptions() {
  const [section, openSection] = useAddressTab(sections, 'purchases');
  return (
    <Tabs value={section} onChange={openSection} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="purchases">Закупки без кешбэка</Tabs.Tab>
        <Tabs.Tab value="clients">Индивидуальный кешбэк</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="purchases">
        <CashbackPurchases />
      </Tabs.Panel>
      <Tabs.Panel value="clients">
        <CustomRates />
      </Tabs.Panel>
    </Tabs>
  );
}
