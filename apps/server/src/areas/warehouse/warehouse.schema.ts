import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveryKinds, parcelStatuses } from '@vmeste/contract';
import { oneOf } from '../../shared/one-of.schema.js';
import { timestamps } from '../../shared/timestamps.schema.js';
// Schema files may reference another area's table for a foreign key; nothing else reads it (docs/decisions/010).
import { users } from '../accounts/accounts.schema.js';
import { orders } from '../orders/orders.schema.js';

/** A box for one client: their arrived, paid orders, weighed and labelled. */
export const parcels = pgTable(
  'parcels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** On the label and in the barcode (see parcelBarcodeOf). */
    number: serial('number').notNull().unique(),
    phone: text('phone').notNull(),
    clientName: text('client_name').notNull().default(''),
    deliveryKind: text('delivery_method', { enum: deliveryKinds }).notNull(),
    status: text('status', { enum: parcelStatuses }).notNull().default('packed'),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm'),
    widthCm: integer('width_cm'),
    heightCm: integer('height_cm'),
    packedById: uuid('packed_by_id').references(() => users.id),
    packedByName: text('packed_by_name'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    handedOverById: uuid('handed_over_by_id').references(() => users.id),
    handedOverByName: text('handed_over_by_name'),
    ...timestamps,
  },
  (t) => [
    index('parcels_phone_idx').on(t.phone),
    index('parcels_status_idx').on(t.status, t.number),
    check('parcels_weight_positive', sql`${t.weightGrams} > 0`),
    check('parcels_delivery_method_known', oneOf(t.deliveryKind, deliveryKinds)),
    check('parcels_status_known', oneOf(t.status, parcelStatuses)),
  ],
);

export const parcelItems = pgTable(
  'parcel_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
  },
  // An order goes into one parcel; a second packing of it fails here even if two requests race.
  (t) => [uniqueIndex('parcel_items_order_unique').on(t.orderId), index('parcel_items_parcel_idx').on(t.parcelId)],
);

export type ParcelRow = typeof parcels.$inferSelect;
export type NewParcel = typeof parcels.$inferInsert;
