import { formatMoney } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageKind } from '@vmeste/contract';
import type { Messenger } from '../messaging/index.js';

/** The client's messages about delivery; a lost message never undoes what happened. */
export function createDeliveryMessages({ messenger, log, publicUrl }: { messenger: Messenger; log: FastifyBaseLogger; publicUrl: string }) {
  async function send(phone: string, kind: MessageKind, text: string) {
    try {
      await messenger.send({ phone, kind, text, secret: '' });
    } catch (error) {
      log.error({ err: error, kind }, 'delivery message was not sent');
    }
  }
  return {
    invoiceIssued: (phone: string, invoice: { number: number; priceKopecks: number }, parcelNumber: number) =>
      send(
        phone,
        'invoice_issued',
        `Вместе: счёт №${invoice.number} за доставку посылки №${parcelNumber} — ${formatMoney(invoice.priceKopecks)}. Оплатить: ${publicUrl}/personal/orders/unpaid`,
      ),
    shipped: (phone: string, parcelNumber: number, track: string, trackingUrl: string) =>
      send(
        phone,
        'parcel_shipped',
        `Вместе: посылка №${parcelNumber} отправлена через Boxberry, трек-номер ${track}. Отследить: ${trackingUrl}`,
      ),
    delivered: (phone: string, parcelNumber: number) =>
      send(phone, 'parcel_delivered', `Вместе: посылка №${parcelNumber} получена. Спасибо, что вы с нами!`),
  };
}

export type DeliveryMessages = ReturnType<typeof createDeliveryMessages>;
