import type { Role } from '@vmeste/contract';
import { type RouteName, routes } from './routes';

export type SidebarLink = { label: string; route: RouteName; icon?: string };
export type SidebarItem = SidebarLink | { label: string; icon: string; children: SidebarLink[] };

/** The back-office menus of the specification, by role; icons are names from ./sidebar-icons. */
export const sidebars: Partial<Record<Role, SidebarItem[]>> = {
  admin: [
    {
      label: 'Закупки',
      icon: 'purchases',
      children: [
        { label: 'Обложки', route: 'AdminPurchaseCover' },
        { label: 'Привязка карт', route: 'AdminCartBinding' },
      ],
    },
    {
      label: 'Оплаты',
      icon: 'payments',
      children: [
        { label: 'Проверка оплат', route: 'AdminPayments' },
        { label: 'Оплаты на карту', route: 'AdminCheckReceipt' },
        { label: 'Выгрузка оплаты', route: 'AdminExportPayment' },
      ],
    },
    {
      label: 'Бонусная программа',
      icon: 'bonus',
      children: [
        { label: 'Настройки', route: 'AdminBonusSettings' },
        { label: 'Исключения', route: 'AdminBonusException' },
        { label: 'Ручное начисление', route: 'AdminBonusUpload' },
      ],
    },
    { label: 'Отчеты', icon: 'reports', children: [{ label: 'Клиенты', route: 'AdminReportClients' }] },
    { label: 'Сотрудники', icon: 'users', route: 'AdminUser' },
    {
      label: 'Telegram-рассылки',
      icon: 'telegram',
      children: [
        { label: 'Расписание', route: 'AdminTelegramScheduler' },
        { label: 'Статистика', route: 'AdminTelegramSchedulerStatistics' },
      ],
    },
  ],
  storekeeper: [{ label: 'Главная', icon: 'home', route: 'StorekeeperHome' }],
  logistician: [
    { label: 'Главная', icon: 'home', route: 'LogisticianMain' },
    { label: 'Счета на оплату доставки', icon: 'invoices', route: 'LogisticianInvoices' },
    { label: 'ПВЗ Boxberry', icon: 'pvz', route: 'LogisticianPvz' },
    {
      label: 'Настройки',
      icon: 'settings',
      children: [
        { label: 'Boxberry', route: 'LogisticianSettingsBoxberry' },
        { label: 'Прайс-лист', route: 'LogisticianSettingsPriceList' },
      ],
    },
  ],
};

export function isGroup(item: SidebarItem): item is { label: string; icon: string; children: SidebarLink[] } {
  return 'children' in item;
}

/** The group holding the current path starts open. */
export function isGroupActive(children: SidebarLink[], pathname: string): boolean {
  return children.some((child) => pathname === routes[child.route].path);
}

export const SIDEBAR_WIDTH_EXPANDED = '25rem';
export const SIDEBAR_WIDTH_COLLAPSED = '5rem';
export const SIDEBAR_COLLAPSE_TITLE = 'Свернуть меню';
export const SIDEBAR_EXPAND_TITLE = 'Развернуть меню';
