import { formatNumber, type Parcel, plural, type ReceiveResult, type ReceivingGroup, type ReceivingLine } from '@vmeste/contract';

/** 1250 → «1 250 г»: the storekeeper weighs and types in grams, so the page shows grams too. */
export function formatWeight(weightGrams: number): string {
  return `${formatNumber(weightGrams, { maximumFractionDigits: 0 })} г`;
}

/** «40 × 30 × 20 см», only the sizes that were measured; empty when none were. */
export function formatSizes({ lengthCm, widthCm, heightCm }: Pick<Parcel, 'lengthCm' | 'widthCm' | 'heightCm'>): string {
  const sizes = [lengthCm, widthCm, heightCm].filter((cm): cm is number => cm !== null);
  return sizes.length ? `${sizes.join(' × ')} см` : '';
}

/** «№ 12, № 15»: the orders of a parcel. */
export function orderNumbersText(orders: readonly { number: number }[]): string {
  return orders.map((o) => `№ ${o.number}`).join(', ');
}

export function unitsText(n: number): string {
  return `${n} шт.`;
}

/** What the notification says after a receiving: how many orders it completed and how many of them came short. */
export function receivingResultText({
  arrivedOrdersCount: done,
  shortOrdersCount: short,
}: Pick<ReceiveResult, 'arrivedOrdersCount' | 'shortOrdersCount'>): string {
  if (done === 0) return 'Приёмка сохранена';
  const completed = `${done} ${plural(done, 'заказ принят', 'заказа приняты', 'заказов приняты')} до конца`;
  const shortPart = short === 0 ? '' : done === 1 ? ', с недостачей' : `, из них с недостачей — ${short}`;
  const told = done === 1 ? 'Клиенту отправлено сообщение о поступлении' : 'Клиентам отправлены сообщения о поступлении';
  return `Приёмка сохранена: ${completed}${shortPart}. ${told}`;
}

/** «Заказ № 8» or «Заказы № 8, № 9»: a parcel's orders after a name or in a sentence. */
export function ordersText(orders: readonly { number: number }[]): string {
  return `${orders.length === 1 ? 'Заказ' : 'Заказы'} ${orderNumbersText(orders)}`;
}

export type ReceivingState = { label: string; color: string };

/** Where a product's receiving stands: waiting, partly marked, arrived, short, or not arrived at all. */
export function receivingStateOf(
  group: Pick<ReceivingGroup, 'isReceived' | 'arrivedQuantity' | 'missingQuantity' | 'lines'>,
): ReceivingState {
  if (!group.isReceived) {
    return group.lines.some((l) => l.arrivedQuantity !== null)
      ? { label: 'Принято частично', color: 'blue.9' }
      : { label: 'Ждёт приёмки', color: 'gray.7' };
  }
  if (group.missingQuantity === 0) return { label: 'Поступило', color: 'teal.9' };
  if (group.arrivedQuantity === 0) return { label: 'Не поступило', color: 'red.9' };
  return { label: `Недостача ${unitsText(group.missingQuantity)}`, color: '#a63c06' };
}

/** The same for one line of an order. */
export function lineStateOf(line: Pick<ReceivingLine, 'arrivedQuantity' | 'quantity'>): ReceivingState {
  if (line.arrivedQuantity === null) return { label: 'Ждёт приёмки', color: 'gray.7' };
  if (line.arrivedQuantity === line.quantity) return { label: 'Поступило', color: 'teal.9' };
  if (line.arrivedQuantity === 0) return { label: 'Не поступило', color: 'red.9' };
  return { label: `Недостача ${unitsText(line.quantity - line.arrivedQuantity)}`, color: '#a63c06' };
}

/** The lines a receiving may still change: those of orders not packed yet. */
export function unlockedLinesOf(group: Pick<ReceivingGroup, 'lines'>): ReceivingLine[] {
  return group.lines.filter((l) => !l.isLocked);
}

/** A typed count of units: a whole number from 0 to `max`, or the message to show under the field. */
export function readUnits(text: string | number, max: number): { value: number } | { error: string } | null {
  if (text === '') return null;
  const value = typeof text === 'number' ? text : Number(String(text).replace(',', '.'));
  if (!Number.isInteger(value) || value < 0) return { error: 'Целое число от 0' };
  if (value > max) return { error: `Не больше ${max}` };
  return { value };
}

export type ReceivingFilter = 'all' | 'waiting' | 'short';

/** The products matching the typed text (name, article, options, an order's number or client) and the chosen state. */
export function filterGroups<G extends ReceivingGroup>(groups: readonly G[], text: string, filter: ReceivingFilter): G[] {
  const needle = text.trim().toLowerCase();
  return groups.filter((g) => {
    if (filter === 'waiting' && g.isReceived) return false;
    if (filter === 'short' && g.missingQuantity === 0) return false;
    if (!needle) return true;
    const own = `${g.product} ${g.article} ${g.options}`.toLowerCase();
    return own.includes(needle) || g.lines.some((l) => String(l.orderNumber) === needle || l.clientName.toLowerCase().includes(needle));
  });
}

/** A product's name as buttons and fields read it out: «Ботинки зимние, размер 28, синие». */
export function productNameOf(group: Pick<ReceivingGroup, 'product' | 'options'>): string {
  return group.options ? `${group.product}, ${group.options}` : group.product;
}
