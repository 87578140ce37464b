import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CashbackPurchases } from './cashback-purchases';
import { CustomRates } from './custom-rates';

type Section = 'purchases' | 'clients';

/** «Исключения»: purchases without cashback and clients with a percent of their own, as two tabs (`?tab=clients`). */
export function BonusExceptions() {
  const [params, setParams] = useSearchParams();
  const section: Section = params.get('tab') === 'clients' ? 'clients' : 'purchases';
  return (
    <Tabs
      value={section}
      onChange={(value) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (value === 'clients') next.set('tab', 'clients');
          else next.delete('tab');
          return next;
        })
      }
      keepMounted={false}
    >
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
