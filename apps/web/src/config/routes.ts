import type { Role } from '@vmeste/contract';

/** Who may open a route: anyone, guests only, a client (confirmed or not), or one staff role. */
export type Access =
  { kind: 'public' } | { kind: 'guest' } | { kind: 'client'; isActivationPage?: boolean } | { kind: 'staff'; role: Role };

export type RouteInfo = { path: string; title: string; access: Access };

const publicAccess: Access = { kind: 'public' };
const guest: Access = { kind: 'guest' };
const client: Access = { kind: 'client' };
const admin: Access = { kind: 'staff', role: 'admin' };
const storekeeper: Access = { kind: 'staff', role: 'storekeeper' };
const logistician: Access = { kind: 'staff', role: 'logistician' };

/** Every screen of the specification by route name: its path, title and who may open it. */
export const routes = {
  Main: { path: '/', title: 'Главная', access: publicAccess },
  PaymentResult: { path: '/payment-result', title: 'Результат оплаты', access: publicAccess },
  DeliveryAndPayment: { path: '/delivery-and-payment', title: 'Доставка и оплата', access: publicAccess },
  Contacts: { path: '/contacts', title: 'Контакты', access: publicAccess },
  Terms: { path: '/terms', title: 'Публичная оферта', access: publicAccess },
  Policy: { path: '/policy', title: 'Политика конфидициальности', access: publicAccess },
  AcceptPolicy: { path: '/accept-policy', title: 'Обработка персональных данных', access: publicAccess },
  ReturnGoods: { path: '/return-goods', title: 'Возврат товара', access: publicAccess },
  Order: { path: '/order/:id', title: 'Мой заказ', access: publicAccess },
  SandboxPayment: { path: '/sandbox-payment/:id', title: 'Тестовая оплата', access: publicAccess },

  Signin: { path: '/signin', title: 'Вход', access: guest },
  Signup: { path: '/signup', title: 'Регистрация', access: guest },
  ForgotPassword: { path: '/forgot-password', title: 'Восстановление пароля', access: guest },
  ResetPassword: { path: '/reset-password/:id', title: 'Сброс пароля', access: guest },

  PersonalHome: { path: '/personal', title: 'Личный кабинет', access: client },
  PersonalUnpaidOrders: { path: '/personal/orders/unpaid', title: 'Неоплаченные заказы', access: client },
  PersonalPaidOrders: { path: '/personal/orders/paid', title: 'Мои заказы', access: client },
  PersonalBonus: { path: '/personal/bonus', title: 'Бонусная система', access: client },
  PersonalDelivery: { path: '/personal/delivery', title: 'Способы доставки', access: client },
  PersonalProfile: { path: '/personal/profile', title: 'Профиль', access: client },
  PersonalActivation: { path: '/personal/activation', title: 'Активация аккаунта', access: { kind: 'client', isActivationPage: true } },

  AdminPurchaseCover: { path: '/admin/purchase/cover', title: 'Закупки', access: admin },
  AdminCartBinding: { path: '/admin/purchase/cart-binding', title: 'Привязка карты', access: admin },
  AdminBonusSettings: { path: '/admin/bonus/settings', title: 'Настройки бонусной программы', access: admin },
  AdminBonusException: { path: '/admin/bonus/exception', title: 'Исключения', access: admin },
  AdminBonusUpload: { path: '/admin/bonus/hand-calculation', title: 'Ручное начисление', access: admin },
  AdminUser: { path: '/admin/users', title: 'Пользователи', access: admin },
  AdminPayments: { path: '/admin/payments/check', title: 'Оплаты', access: admin },
  AdminCheckReceipt: { path: '/admin/payments/to-card', title: 'Проверка чеков', access: admin },
  AdminExportPayment: { path: '/admin/payments/export-payment', title: 'Выгрузка оплаты', access: admin },
  AdminReportClients: { path: '/admin/report/clients', title: 'Отчет по клиентам', access: admin },
  AdminTelegramScheduler: { path: '/admin/telegram-scheduler', title: 'Расписание', access: admin },
  AdminTelegramSchedulerStatistics: { path: '/admin/telegram-scheduler/statistics', title: 'Статистика рассылок', access: admin },

  StorekeeperHome: { path: '/storekeeper/home', title: 'Главная', access: storekeeper },

  LogisticianMain: { path: '/logistician/main', title: 'Главная', access: logistician },
  LogisticianInvoices: { path: '/logistician/invoices', title: 'Счета на оплату доставки', access: logistician },
  LogisticianPvz: { path: '/logistician/pvz', title: 'ПВЗ Boxberry', access: logistician },
  LogisticianSettingsBoxberry: { path: '/logistician/settings/boxberry', title: 'Настройки Boxberry', access: logistician },
  LogisticianSettingsPriceList: { path: '/logistician/settings/price-list', title: 'Прайс-лист', access: logistician },
} satisfies Record<string, RouteInfo>;

export type RouteName = keyof typeof routes;

/** What the router keeps on each route: the root view sets the page title from it. */
export type RouteHandle = { name?: string; title?: string };

/** /admin/bonus has no page of its own: it leads to the exceptions. */
export const ADMIN_BONUS_PATH = '/admin/bonus';
export const NOT_FOUND_TITLE = 'Страница не найдена';

/** A route's path with its parameters filled in: href('Order', { id }) → /order/…. */
export function href(name: RouteName, params: Record<string, string> = {}): string {
  return routes[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** The home of each role that has an area; other roles have none and get 'Неизвестная роль'. */
const roleHomes: Partial<Record<Role, RouteName>> = {
  admin: 'AdminPurchaseCover',
  client: 'PersonalHome',
  storekeeper: 'StorekeeperHome',
  logistician: 'LogisticianMain',
};

export function roleHome(role: Role | string): string | null {
  const name = roleHomes[role as Role];
  return name ? routes[name].path : null;
}

export const UNKNOWN_ROLE_MESSAGE = 'Неизвестная роль';
