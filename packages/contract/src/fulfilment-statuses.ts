// An order's fulfilment statuses and their titles, apart from the schemas: the order page shows a
// status and takes these without zod (issue 29, item 3).

export const fulfilmentStatuses = ['awaiting_goods', 'arrived', 'packed', 'shipped', 'ready_for_pickup', 'delivered'] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];
export const fulfilmentStatusTitles: Record<FulfilmentStatus, string> = {
  awaiting_goods: 'Ожидает поступления',
  arrived: 'На складе',
  packed: 'Упакован',
  shipped: 'Отправлен',
  ready_for_pickup: 'Готов к выдаче',
  delivered: 'Получен',
};
