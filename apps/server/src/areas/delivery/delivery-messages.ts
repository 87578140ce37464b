import { formatMoney } from '@vmeste/contract';
import type { MessageKind } from '@vmeste/contract';
import type { Tx } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';

/**
 * The client's messages about delivery, each written in the transaction of the change it tells about:
 * it goes exactly when that commits (docs/decisions/027).
 */
export function createDeliveryMessages({ messenger, publicUrl }: { messenger: Messenger; publicUrl: string }) {
  const notify = (tx: Tx, phone: string, kind: MessageKind, text: string) => messenger.notify(tx, { phone, kind, text, secret: '' });
  return {
    invoiceIssued: (tx: Tx, phone: string, invoice: { number: number; priceKopecks: number }, parcelNumber: number) =>
      notify(
        tx,
        phone,
        'invoice_issued',
        `Вместе: счёт №${invoice.number} за доставку посылки №${parcelNumber} — ${formatMoney(invoice.priceKopecks)}. Оплатить: ${publicUrl}/personal/orders/unpaid`,
      ),
    shipped: (tx: Tx, phone: string, parcelNumber: number, track: string, trackingUrl: string) =>
      notify(
        tx,
        phone,
        'parcel_shipped',
        `Вместе: посылка №${parcelNumber} отправлена через Boxberry, трек-номер ${track}. Отследить: ${trackingUrl}`,
      ),
    delivered: (tx: Tx, phone: string, parcelNumber: number) =>
      notify(tx, phone, 'parcel_delivered', `Вместе: посылка №${parcelNumber} получена. Спасибо, что вы с нами!`),
  };
}

export type DeliveryMessages = ReturnType<typeof createDeliveryMessages>;
