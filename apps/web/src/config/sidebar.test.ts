import { describe, expect, it } from 'vitest';
import { isGroup, isGroupActive, sidebars } from './sidebar';

const labels = (role: keyof typeof sidebars) =>
  (sidebars[role] ?? []).map((item) => (isGroup(item) ? [item.label, item.children.map((c) => c.label)] : item.label));

describe('sidebars', () => {
  it('hold exactly the items of the specification', () => {
    expect(labels('admin')).toEqual([
      ['Закупки', ['Обложки', 'Привязка карт']],
      ['Оплаты', ['Проверка оплат', 'Оплаты на карту', 'Выгрузка оплаты']],
      ['Бонусная программа', ['Настройки', 'Исключения', 'Ручное начисление']],
      ['Отчеты', ['Клиенты']],
      'Сотрудники',
      ['Telegram-рассылки', ['Расписание', 'Статистика']],
    ]);
    expect(labels('storekeeper')).toEqual(['Главная']);
    expect(labels('logistician')).toEqual([
      'Главная',
      'Счета на оплату доставки',
      'ПВЗ Boxberry',
      ['Настройки', ['Boxberry', 'Прайс-лист']],
    ]);
  });

  it('opens the group of the current page', () => {
    const payments = sidebars.admin?.[1];
    if (!payments || !isGroup(payments)) throw new Error('no payments group');
    expect(isGroupActive(payments.children, '/admin/payments/to-card')).toBe(true);
    expect(isGroupActive(payments.children, '/admin/users')).toBe(false);
  });
});
