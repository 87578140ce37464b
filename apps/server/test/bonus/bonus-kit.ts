import {
  type BonusEntry,
  type BonusLedgerCheck,
  type BonusSettingsBody,
  type BonusSettingsPage,
  type CreatePaymentResult,
  endpoints,
  type MyBonus,
  type Payment,
} from '@vmeste/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bonusAccounts, bonusEntries, sandboxPayments } from '../../src/tables.js';
import { confirmAccount, newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import type { TestContext } from '../fixtures/app.js';
import { goods, purchaseWithOrders, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';
import type { OrderJson } from '../fixtures/purchases-kit.js';
import { walkTo } from '../fixtures/purchases-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { handOver, markReady, packOk, receiveRestOk } from '../fixtures/warehouse-kit.js';

/** Short calls of the bonus tests: fresh confirmed clients, settings, manual accrual, payments with bonuses, the ledger's rows. */

export const DEFAULT_SETTINGS: BonusSettingsBody = {
  defaultPercent: 3,
  referralPercent: 1,
  spendCapPercent: 30,
  creditOn: 'delivery',
  expiryDays: null,
};

export type Client = { phone: string; headers: Headers; userId: string; referralCode: string };

/** A new client with a confirmed account (orders of unconfirmed accounts belong to no one). */
export async function newClient(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Client> {
  const signed = await signUpClient(app, newPhone(), overrides);
  const headers = { authorization: signed.authorization };
  await confirmAccount(app, signed.phone, headers);
  const my = await myBonus(app, headers);
  return { phone: signed.phone, headers, userId: signed.user.id, referralCode: my.referral.code };
}

export async function putSettings(app: FastifyInstance, admin: Headers, body: Partial<BonusSettingsBody>): Promise<BonusSettingsPage> {
  const res = await call(app, endpoints.bonus.updateSettings, { headers: admin, body: { ...DEFAULT_SETTINGS, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BonusSettingsPage>();
}

export function manual(app: FastifyInstance, admin: Headers, phone: string, amountKopecks: number, comment = 'Тест') {
  return call(app, endpoints.bonus.manual, { headers: admin, body: { phone, amountKopecks, comment } });
}

export async function manualOk(
  app: FastifyInstance,
  admin: Headers,
  phone: string,
  amountKopecks: number,
  comment = 'Тест',
): Promise<BonusEntry> {
  const res = await manual(app, admin, phone, amountKopecks, comment);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BonusEntry>();
}

export async function myBonus(app: FastifyInstance, client: Headers): Promise<MyBonus> {
  const res = await call(app, endpoints.bonus.my, { headers: client });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyBonus>();
}

export async function balanceOf(app: FastifyInstance, client: Headers): Promise<number> {
  return (await myBonus(app, client)).balanceKopecks;
}

export async function ledgerCheck(app: FastifyInstance, admin: Headers): Promise<BonusLedgerCheck> {
  const res = await call(app, endpoints.bonus.ledgerCheck, { headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BonusLedgerCheck>();
}

/** A client's ledger rows straight from the table, oldest first. */
export async function entriesOf(ctx: TestContext, userId: string) {
  return ctx.database.db
    .select()
    .from(bonusEntries)
    .where(eq(bonusEntries.userId, userId))
    .orderBy(asc(bonusEntries.createdAt), asc(bonusEntries.id));
}

/** The stored balance and the sum of the ledger of a client. */
export async function storedBalanceAndLedger(ctx: TestContext, userId: string): Promise<{ balance: number; ledger: number }> {
  const [account] = await ctx.database.db.select().from(bonusAccounts).where(eq(bonusAccounts.userId, userId));
  const [sum] = await ctx.database.db
    .select({ sum: sql<string>`coalesce(sum(${bonusEntries.amountKopecks}), 0)` })
    .from(bonusEntries)
    .where(eq(bonusEntries.userId, userId));
  return { balance: account?.balanceKopecks ?? 0, ledger: Number(sum?.sum ?? 0) };
}

/** A payable order of this client worth `kopecks` (a purchase of its own, with a card for transfers). */
export async function orderOf(
  app: FastifyInstance,
  admin: Headers,
  phone: string,
  kopecks: number,
  cardId: string | null = null,
): Promise<OrderJson> {
  const made = await purchaseWithOrders(app, admin, { cardId, orders: [{ phone, lines: goods(kopecks) }] });
  return made.orders[0]!;
}

export function payWithBonus(
  app: FastifyInstance,
  client: Headers,
  orderIds: string[],
  bonusKopecks: number,
  method: 'card' | 'sbp' | 'transfer' = 'card',
): Promise<LightMyRequestResponse> {
  return call(app, endpoints.payments.create, { headers: client, body: { orderIds, method, bonusKopecks } });
}

export async function payWithBonusOk(
  app: FastifyInstance,
  client: Headers,
  orderIds: string[],
  bonusKopecks: number,
  method: 'card' | 'sbp' | 'transfer' = 'card',
): Promise<CreatePaymentResult> {
  const res = await payWithBonus(app, client, orderIds, bonusKopecks, method);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatePaymentResult>();
}

export async function getPaymentOf(app: FastifyInstance, id: string): Promise<Payment> {
  const res = await call(app, endpoints.payments.get, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Payment>();
}

/** Pays through the sandbox's page with part in bonuses; answers the payment afterwards and the sandbox's own row. */
export async function paySandboxWithBonus(
  app: FastifyInstance,
  ctx: TestContext,
  client: Headers,
  orderIds: string[],
  bonusKopecks: number,
  decision: 'pay' | 'decline' = 'pay',
) {
  const result = await payWithBonusOk(app, client, orderIds, bonusKopecks);
  const sandboxId = sandboxIdOf(result);
  const res = await sandboxDecide(app, sandboxId, decision);
  expect(res.statusCode, res.body).toBe(200);
  const [sandbox] = await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sandboxId));
  return { payment: await getPaymentOf(app, result.payments[0]!.id), sandbox: sandbox!, sandboxId };
}

export async function sandboxRow(ctx: TestContext, sandboxId: string) {
  const [row] = await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sandboxId));
  return row!;
}

/** Hands a paid order over at the warehouse: its purchase on the way, goods received, packed, on the shelf, handed over. */
export async function deliver(app: FastifyInstance, admin: Headers, purchaseId: string, orderId: string, phone: string): Promise<string> {
  await walkTo(app, admin, purchaseId, 'in_transit');
  await receiveRestOk(app, admin, purchaseId);
  const parcel = await packOk(app, admin, [orderId]);
  expect((await markReady(app, admin, parcel.id)).statusCode).toBe(200);
  const res = await handOver(app, admin, parcel.id, phone.slice(-4));
  expect(res.statusCode, res.body).toBe(200);
  return parcel.id;
}

export function refund(app: FastifyInstance, admin: Headers, paymentId: string, body: Record<string, unknown> = {}) {
  return call(app, endpoints.payments.refund, { params: { id: paymentId }, headers: admin, body: body });
}
