import { Stack, Tabs, Title } from '@mantine/core';
import { IconClipboardList, IconPackages, IconScan } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { ParcelsRegistry, ReceivingDesk, WarehouseSearchDesk } from '@/features/warehouse';
import { useAddressTab } from '@/lib/use-address-tab';

const tabs = ['issue', 'receiving', 'parcels'] as const;
type Tab = (typeof tabs)[number];
const DEFAULT_TAB: Tab = 'issue';

/**
 * «Главная» of the storekeeper: the whole warehouse on one page, in three tabs kept in the address
 * (`?tab=`), so a reload or the back button returns to the same view. Only the open tab is mounted,
 * so only its data is fetched.
 */
export function StorekeeperHomePage() {
  const [tab, openTab] = useAddressTab(tabs, DEFAULT_TAB);
  // On a phone the three tabs fit one line only without their icons.
  const hasIcons = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  const icon = (Icon: typeof IconScan) => (hasIcons ? <Icon size={18} /> : undefined);

  return (
    <Stack gap="lg">
      <Title order={1}>Главная</Title>
      <Tabs value={tab} onChange={openTab} keepMounted={false} styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)' } }}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="issue" leftSection={icon(IconScan)}>
            Выдача и упаковка
          </Tabs.Tab>
          <Tabs.Tab value="receiving" leftSection={icon(IconClipboardList)}>
            Приёмка
          </Tabs.Tab>
          <Tabs.Tab value="parcels" leftSection={icon(IconPackages)}>
            Посылки
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="issue">
          <WarehouseSearchDesk />
        </Tabs.Panel>
        <Tabs.Panel value="receiving">
          <ReceivingDesk />
        </Tabs.Panel>
        <Tabs.Panel value="parcels">
          <ParcelsRegistry />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
