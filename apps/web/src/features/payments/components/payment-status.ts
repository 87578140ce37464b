import { type FulfilmentStatus, onlinePaymentMethods, type Payment, type PaymentStatus } from '@vmeste/contract';

/** Dark enough for white text on a filled badge (the accessibility check asks 4.5:1). */
export const paymentStatusColors: Record<PaymentStatus, string> = {
  pending: '#a63c06',
  awaiting_check: 'indigo.9',
  succeeded: 'teal.9',
  refunded: 'grape.9',
  canceled: 'gray.7',
  rejected: 'red.9',
};

/** What «Результат оплаты» tells the payer, from the payment's status and method. */
export type PaymentOutcome = 'paid' | 'failed' | 'waiting_bank' | 'waiting_receipt' | 'on_check' | 'refunded';

export function paymentOutcomeOf(payment: Pick<Payment, 'status' | 'method'>): PaymentOutcome {
  switch (payment.status) {
    case 'succeeded':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'canceled':
    case 'rejected':
      return 'failed';
    case 'awaiting_check':
      return 'on_check';
    case 'pending':
      return onlinePaymentMethods.includes(payment.method) ? 'waiting_bank' : 'waiting_receipt';
  }
}

export const paymentOutcomeTitles: Record<PaymentOutcome, string> = {
  paid: 'Оплата прошла',
  failed: 'Оплата не прошла',
  waiting_bank: 'Ждём подтверждения банка',
  waiting_receipt: 'Ждём чек перевода',
  on_check: 'Чек на проверке',
  refunded: 'Деньги возвращены',
};

/** Whether the page still waits for the bank: only an online payment in progress changes by itself. */
export function isWaitingForBank(payment: Pick<Payment, 'status' | 'method'>): boolean {
  return paymentOutcomeOf(payment) === 'waiting_bank';
}

type NextStepContext = {
  isClient: boolean;
  ordersCount: number;
  /** Delivery invoices among the items: their parcel is sent once the delivery is paid. */
  invoicesCount?: number;
  /** Where the paid orders' goods are now; unknown is taken as not yet at the warehouse. */
  goods?: FulfilmentStatus[];
};

/** The goods' steps in the order they come, to speak of the least advanced of several orders. */
const goodsSteps: FulfilmentStatus[] = ['awaiting_goods', 'arrived', 'packed', 'ready_for_pickup', 'shipped', 'delivered'];

/** What comes next for the goods of the paid orders, as the start of a sentence. */
export function goodsNextText(goods: FulfilmentStatus[]): string {
  const waiting = goods.filter((s) => s === 'awaiting_goods').length;
  if (waiting === goods.length) return 'Когда товар придёт на склад, мы пришлём сообщение';
  if (waiting > 0) return 'Часть товара уже на складе, о приходе остального мы пришлём сообщение';
  const least = goodsSteps.find((step) => goods.includes(step));
  switch (least) {
    case 'ready_for_pickup':
      return 'Посылка уже ждёт вас в пункте самовывоза';
    case 'shipped':
      return 'Посылка уже в пути';
    case 'delivered':
      return 'Товар уже у вас';
    default:
      return 'Товар уже на складе — мы сообщим, когда посылка будет готова';
  }
}

/** What happens next, in one or two sentences; a guest has no cabinet to be sent to. */
export function paymentNextStepOf(
  outcome: PaymentOutcome,
  { isClient, ordersCount, invoicesCount = 0, goods = [] }: NextStepContext,
): string {
  switch (outcome) {
    case 'paid': {
      const parcels = invoicesCount === 1 ? 'посылку' : 'посылки';
      if (ordersCount === 0) {
        const watch = isClient ? ', а следить за доставкой можно в разделе «Способы доставки»' : '';
        return `Доставка оплачена. Мы отправим ${parcels} и пришлём трек-номер${watch}.`;
      }
      const [paid, them] = ordersCount === 1 ? ['Заказ оплачен', 'ним'] : ['Заказы оплачены', 'ними'];
      const delivery = invoicesCount > 0 ? ` Доставка тоже оплачена: мы отправим ${parcels} и пришлём трек-номер.` : '';
      const next = goodsNextText(goods);
      return isClient
        ? `${paid}. ${next}, а следить за ${them} можно в разделе «Мои заказы».${delivery}`
        : `${paid}. ${next}, а следить за ${them} можно на странице заказа.${delivery}`;
    }
    case 'failed':
      return 'Деньги не списаны. Попробуйте ещё раз или выберите другой способ оплаты.';
    case 'waiting_bank':
      return 'Банк ещё не прислал ответ. Обычно это занимает несколько секунд — страница обновится сама.';
    case 'waiting_receipt':
      return 'Переведите сумму на карту и загрузите чек перевода — после проверки заказ станет оплаченным.';
    case 'on_check':
      return 'Мы проверяем перевод и пришлём сообщение, когда подтвердим оплату.';
    case 'refunded':
      return 'Деньги по этой оплате возвращены. Если сумма снова к оплате, её видно в неоплаченных заказах.';
  }
}
