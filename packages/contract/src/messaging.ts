import { z } from 'zod';
import { phoneField } from './auth.js';

/** Every kind of message the shop sends to a person; the outbox, the messenger and the tests use this list. */
export const messageKinds = [
  'activation_code',
  'password_reset',
  'payment_succeeded',
  'receipt_rejected',
  'payment_refunded',
  'goods_arrived',
  'parcel_ready',
  'invoice_issued',
  'parcel_shipped',
  'parcel_delivered',
  'bonus_expiring',
  'payment_opened',
  'payment_reminder',
  'order_imported',
  'payment_canceled',
] as const;
export type MessageKind = (typeof messageKinds)[number];

export const outboxMessageSchema = z.object({
  phone: z.string(),
  kind: z.enum(messageKinds),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const lastOutboxMessageQuerySchema = z.object({ phone: phoneField, kind: z.enum(messageKinds).optional() });
