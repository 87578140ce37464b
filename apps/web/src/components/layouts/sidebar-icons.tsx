import {
  IconBrandTelegram,
  IconChartBar,
  IconCreditCard,
  IconFileInvoice,
  IconGift,
  IconHome,
  IconMapPin,
  IconPackage,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

const size = 22;

/** Icons of the sidebar items by the names used in config/sidebar.ts. */
export const sidebarIcons: Record<string, ReactNode> = {
  purchases: <IconPackage size={size} />,
  payments: <IconCreditCard size={size} />,
  bonus: <IconGift size={size} />,
  reports: <IconChartBar size={size} />,
  users: <IconUsers size={size} />,
  telegram: <IconBrandTelegram size={size} />,
  home: <IconHome size={size} />,
  invoices: <IconFileInvoice size={size} />,
  pvz: <IconMapPin size={size} />,
  settings: <IconSettings size={size} />,
};
