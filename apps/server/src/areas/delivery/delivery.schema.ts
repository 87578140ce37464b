import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type CourierAddress, deliveryKinds, invoiceStatuses } from '@vmeste/contract';
import { oneOf } from '../../shared/one-of.schema.js';
import { timestamps } from '../../shared/timestamps.schema.js';
// Schema files may reference another area's table for a foreign key; nothing else reads it (docs/decisions/010).
import { users } from '../accounts/accounts.schema.js';
import { parcels } from '../warehouse/warehouse.schema.js';

/** A pickup point as it was when chosen: the method still reads well if Boxberry closes the point. */
export type PointSnapshot = { code: string; name: string; cityCode: string; cityName: string; address: string; workSchedule: string };

/** A client's saved way of receiving parcels; one of them is the default that packing uses. */
export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: deliveryKinds }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    recipientPhone: text('recipient_phone').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientSurname: text('recipient_surname').notNull(),
    point: jsonb('point').$type<PointSnapshot>(),
    address: jsonb('address').$type<CourierAddress>(),
    ...timestamps,
  },
  (t) => [
    index('delivery_methods_user_idx').on(t.userId, t.createdAt),
    // One default per client, a fact of the data even when two tabs save at once.
    uniqueIndex('delivery_methods_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('delivery_methods_kind_known', oneOf(t.kind, deliveryKinds)),
  ],
);

/** Boxberry's pickup points as last synced, with the shop's own switch. */
export const boxberryPoints = pgTable(
  'boxberry_points',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    cityCode: text('city_code').notNull(),
    cityName: text('city_name').notNull(),
    region: text('region').notNull().default(''),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    workSchedule: text('work_schedule').notNull().default(''),
    tripDescription: text('trip_description').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    isPostamat: boolean('is_postamat').notNull().default(false),
    onlyPrepaidOrders: boolean('only_prepaid_orders').notNull().default(false),
    deliveryPeriodDays: integer('delivery_period_days'),
    /** The logistician's switch: offered to clients or not. Kept across syncs. */
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Present in Boxberry's latest list; a point Boxberry closed stays for old methods but is not offered. */
    isActive: boolean('is_active').notNull().default(true),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boxberry_points_city_idx').on(t.cityCode, t.isEnabled, t.isActive)],
);

/** Each load of the points from Boxberry: its progress for the bar, and the guard against two at once. */
const pointsSyncStatuses = ['running', 'succeeded', 'failed'] as const;
const pointsSyncTriggers = ['manual', 'nightly'] as const;
export const pointsSyncs = pgTable(
  'boxberry_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: pointsSyncStatuses }).notNull().default('running'),
    trigger: text('trigger', { enum: pointsSyncTriggers }).notNull(),
    citiesTotal: integer('cities_total').notNull().default(0),
    citiesDone: integer('cities_done').notNull().default(0),
    pointsCount: integer('points_count').notNull().default(0),
    error: text('error'),
    startedById: uuid('started_by_id').references(() => users.id, { onDelete: 'set null' }),
    startedByName: text('started_by_name'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on after every city: a run whose heartbeat stopped long ago died with its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('boxberry_syncs_one_running')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    check('boxberry_syncs_status_known', oneOf(t.status, pointsSyncStatuses)),
    check('boxberry_syncs_trigger_known', oneOf(t.trigger, pointsSyncTriggers)),
  ],
);

/** The shop's Boxberry settings: one row. The token is stored encrypted (shared/secret-box.ts). */
export const boxberrySettings = pgTable('boxberry_settings', {
  id: integer('id').primaryKey().default(1),
  tokenCipher: text('token_cipher'),
  /** The last four characters, to show which token is saved without decrypting it. */
  tokenHint: text('token_hint'),
  senderPointCode: text('sender_point_code'),
  defaultLengthCm: integer('default_length_cm').notNull().default(30),
  defaultWidthCm: integer('default_width_cm').notNull().default(20),
  defaultHeightCm: integer('default_height_cm').notNull().default(15),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A version of the price list, in force from its date (Moscow) until a later version's date. */
export const priceListVersions = pgTable(
  'price_list_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appliesFrom: date('applies_from', { mode: 'string' }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_list_versions_from_idx').on(t.appliesFrom, t.createdAt)],
);

export const priceListTariffs = pgTable(
  'price_list_tariffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => priceListVersions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: deliveryKinds }).notNull(),
    fromGrams: integer('from_grams').notNull(),
    toGrams: integer('to_grams').notNull(),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('price_list_tariffs_version_idx').on(t.versionId),
    check('price_list_tariffs_band', sql`${t.fromGrams} >= 0 and ${t.toGrams} >= ${t.fromGrams} and ${t.priceKopecks} >= 0`),
    check('price_list_tariffs_kind_known', oneOf(t.kind, deliveryKinds)),
  ],
);

/** Where a parcel goes and to whom: copied from the client's method at packing, changed while unpaid. */
export const parcelDestinations = pgTable(
  'parcel_destinations',
  {
    parcelId: uuid('parcel_id')
      .primaryKey()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: deliveryKinds }).notNull(),
    methodId: uuid('method_id').references(() => deliveryMethods.id, { onDelete: 'set null' }),
    recipientPhone: text('recipient_phone').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientSurname: text('recipient_surname').notNull(),
    point: jsonb('point').$type<PointSnapshot>(),
    address: jsonb('address').$type<CourierAddress>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('parcel_destinations_kind_known', oneOf(t.kind, deliveryKinds))],
);

/** What a client pays for the delivery of one parcel. */
export const deliveryInvoices = pgTable(
  'delivery_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: serial('number').notNull().unique(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    clientName: text('client_name').notNull().default(''),
    kind: text('kind', { enum: deliveryKinds }).notNull(),
    destination: text('destination').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
    /** The price list's price at the time, kept beside a price set by hand. */
    listPriceKopecks: bigint('list_price_kopecks', { mode: 'number' }),
    priceListVersionId: uuid('price_list_version_id').references(() => priceListVersions.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: invoiceStatuses }).notNull().default('unpaid'),
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    ...timestamps,
  },
  (t) => [
    // One live invoice per parcel: a second invoicing of it fails here even if two requests race.
    uniqueIndex('delivery_invoices_one_live_per_parcel')
      .on(t.parcelId)
      .where(sql`${t.status} <> 'canceled'`),
    index('delivery_invoices_phone_idx').on(t.phone, t.status),
    index('delivery_invoices_status_idx').on(t.status, t.createdAt),
    check('delivery_invoices_money', sql`${t.priceKopecks} > 0 and ${t.paidKopecks} >= 0`),
    check('delivery_invoices_kind_known', oneOf(t.kind, deliveryKinds)),
    check('delivery_invoices_status_known', oneOf(t.status, invoiceStatuses)),
  ],
);

export type ShipmentStatus = { at: string; name: string };

/** A parcel handed to Boxberry: its track number and what Boxberry says of it. */
export const shipments = pgTable(
  'shipments',
  {
    parcelId: uuid('parcel_id')
      .primaryKey()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    /** Our order_id at Boxberry: repeating ParselCreate with it updates the same parcel, never makes a second. */
    boxberryOrderId: text('boxberry_order_id').notNull().unique(),
    track: text('track').notNull(),
    labelUrl: text('label_url'),
    statusName: text('status_name'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    history: jsonb('history').$type<ShipmentStatus[]>().notNull().default([]),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_track_idx').on(t.track), index('shipments_open_idx').on(t.deliveredAt, t.lastCheckedAt)],
);

export type DeliveryMethodRow = typeof deliveryMethods.$inferSelect;
export type NewDeliveryMethod = typeof deliveryMethods.$inferInsert;
export type PointRow = typeof boxberryPoints.$inferSelect;
export type PointsSyncRow = typeof pointsSyncs.$inferSelect;
export type BoxberrySettingsRow = typeof boxberrySettings.$inferSelect;
export type PriceListVersionRow = typeof priceListVersions.$inferSelect;
export type TariffRow = typeof priceListTariffs.$inferSelect;
export type DestinationRow = typeof parcelDestinations.$inferSelect;
export type InvoiceRow = typeof deliveryInvoices.$inferSelect;
export type NewInvoice = typeof deliveryInvoices.$inferInsert;
export type ShipmentRow = typeof shipments.$inferSelect;
