import { formatMoney, type MessageKind, endpoints } from '@vmeste/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { outboxMessages, purchases } from '../../src/tables.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { createCard, payByLink, recordCash, receiptFiles, uploadReceipt } from '../fixtures/payments-kit.js';
import { createPurchase, csvOf, IMPORT_HEADER, importFile, listOrdersOf, setStatus, walkTo } from '../fixtures/purchases-kit.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';

/**
 * Clients are told to pay (issue 26, item A): an order imported for them, payment opened when the
 * purchase steps into «Оплата», and a reminder before the deadline, each once per order and occasion
 * (docs/decisions/030), through the outbox and the `messaging.deliver` job.
 */

let ctx: TestContext;
let admin: Headers;
let publicUrl: string;
let cardId: string;
let phoneCounter = 0;

/** `count` phones no demo account has: 7955…, unique within this file. */
function phones(count: number): string[] {
  return Array.from({ length: count }, () => `7955${String((phoneCounter += 1)).padStart(7, '0')}`);
}

/** A purchase (deadline given) with one order per phone, imported from a file: the phone's order costs `rubles`. */
async function purchaseOf(clients: { phone: string; rubles: number }[], deadline: string | null = '2030-01-10') {
  const purchase = await createPurchase(ctx.app, admin, { title: 'Пряжа «Ализе»', paymentDeadline: deadline, cardId });
  const res = await importFile(
    ctx.app,
    admin,
    purchase.id,
    csvOf([IMPORT_HEADER, ...clients.map((c) => [c.phone, 'Клиент', 'Пряжа', '', '', '1', String(c.rubles)])]),
  );
  expect(res.statusCode, res.body).toBe(200);
  return purchase;
}

async function messagesOf(kind: MessageKind, to: string[]) {
  return ctx.database.db
    .select({ phone: outboxMessages.phone, text: outboxMessages.text, status: outboxMessages.status })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, kind), inArray(outboxMessages.phone, to)))
    .orderBy(asc(outboxMessages.createdAt));
}

async function orderIdsByPhone(purchaseId: string): Promise<Map<string, { id: string; number: number }>> {
  return new Map((await listOrdersOf(ctx.app, admin, purchaseId)).map((o) => [o.phone, { id: o.id, number: o.number }]));
}

async function toPayment(purchaseId: string) {
  await walkTo(ctx.app, admin, purchaseId, 'stopped');
  const res = await setStatus(ctx.app, admin, purchaseId, 'payment');
  expect(res.statusCode, res.body).toBe(200);
}

/** 11:00 in Moscow on a day (08:00 UTC). */
const moscowMorning = (day: string) => new Date(`${day}T08:00:00Z`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  publicUrl = ctx.config.publicUrl;
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(() => ctx.close());

describe('payment opened', () => {
  it('the step into «Оплата» tells each client with a payable order once, with the sum and a link', async () => {
    const [guest, other] = phones(2);
    const clients = [
      { phone: guest!, rubles: 1234.5 },
      { phone: other!, rubles: 800 },
      // A client with a confirmed account: the link leads to the cabinet's unpaid orders.
      { phone: '79000000004', rubles: 2000 },
    ];
    const purchase = await purchaseOf(clients);
    const orders = await orderIdsByPhone(purchase.id);

    await walkTo(ctx.app, admin, purchase.id, 'stopped');
    expect(await messagesOf('payment_opened', [guest!, other!, '79000000004'])).toEqual([]);

    const res = await setStatus(ctx.app, admin, purchase.id, 'payment');
    expect(res.statusCode, res.body).toBe(200);
    const sent = await messagesOf('payment_opened', [guest!, other!, '79000000004']);
    expect(sent).toHaveLength(3);
    const textTo = (phone: string) => sent.find((m) => m.phone === phone)!.text;
    const g = orders.get(guest!)!;
    expect(textTo(guest!)).toBe(
      `Вместе: открыта оплата заказа №${g.number} («Пряжа «Ализе»»). К оплате ${formatMoney(123_450)} до 10.01.2030. Оплатить: ${publicUrl}/order/${g.id}`,
    );
    expect(textTo(other!)).toContain(`К оплате ${formatMoney(80_000)} до 10.01.2030.`);
    expect(textTo('79000000004')).toMatch(
      new RegExp(`К оплате 2\\s000,00\\s₽ до 10\\.01\\.2030\\. Оплатить: ${publicUrl}/personal/orders/unpaid$`),
    );

    // Delivered by the messaging job, through the outbox here (no gateway, no Telegram).
    await ctx.app.areas.messaging.messenger.deliverDue();
    expect((await messagesOf('payment_opened', [guest!])).map((m) => m.status)).toEqual(['logged']);
  });

  it('setting the stage again sends nothing more: the record is in the data, not in memory', async () => {
    const [a, b] = phones(2);
    const purchase = await purchaseOf([
      { phone: a!, rubles: 100 },
      { phone: b!, rubles: 200 },
    ]);
    await toPayment(purchase.id);
    expect(await messagesOf('payment_opened', [a!, b!])).toHaveLength(2);

    // The same step again is refused by the lifecycle…
    expect((await setStatus(ctx.app, admin, purchase.id, 'payment')).statusCode).toBe(409);
    // …and even a purchase put back by hand and moved into payment once more tells nobody twice.
    await ctx.database.db.update(purchases).set({ status: 'stopped' }).where(eq(purchases.id, purchase.id));
    expect((await setStatus(ctx.app, admin, purchase.id, 'payment')).statusCode).toBe(200);
    expect(await messagesOf('payment_opened', [a!, b!])).toHaveLength(2);
  });

  it('two admins setting «Оплата» at once: one step, one message per client', async () => {
    const clients = phones(5);
    const purchase = await purchaseOf(clients.map((phone) => ({ phone, rubles: 300 })));
    await walkTo(ctx.app, admin, purchase.id, 'stopped');
    const answers = await Promise.all([1, 2, 3].map(() => setStatus(ctx.app, admin, purchase.id, 'payment')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const sent = await messagesOf('payment_opened', clients);
    expect(sent.map((m) => m.phone).sort()).toEqual([...clients].sort());
  });

  it('a purchase of 500 clients queues 500 messages, delivered by the messaging job', async () => {
    const clients = phones(500);
    const purchase = await purchaseOf(clients.map((phone, i) => ({ phone, rubles: 100 + i })));
    await toPayment(purchase.id);
    const queued = await messagesOf('payment_opened', clients);
    expect(queued).toHaveLength(500);
    expect(new Set(queued.map((m) => m.phone)).size).toBe(500);
    expect(queued.every((m) => m.status === 'queued')).toBe(true);
    // The sum is each client's own.
    const last = clients.at(-1)!;
    expect(queued.find((m) => m.phone === last)!.text).toContain(`К оплате ${formatMoney(59_900)}`);

    await ctx.app.jobs.makeDue('messaging.deliver');
    expect(await ctx.app.jobs.runDue()).toContain('messaging.deliver');
    const delivered = await messagesOf('payment_opened', clients);
    expect(delivered.filter((m) => m.status === 'logged')).toHaveLength(500);
  });
});

describe('the reminder before the deadline', () => {
  it('reminds those still due the day before, not the paid, not those whose receipt waits, and only once', async () => {
    const [due, paid, checking, partly] = phones(4);
    const purchase = await purchaseOf(
      [
        { phone: due!, rubles: 1000 },
        { phone: paid!, rubles: 1000 },
        { phone: checking!, rubles: 1000 },
        { phone: partly!, rubles: 1000 },
      ],
      '2030-03-15',
    );
    await toPayment(purchase.id);
    const orders = await orderIdsByPhone(purchase.id);
    expect((await recordCash(ctx.app, admin, orders.get(paid!)!.id)).statusCode).toBe(201);
    // A transfer whose receipt waits for the admin's check.
    const transfer = await payByLink(ctx.app, orders.get(checking!)!.id, 'transfer');
    expect(transfer.statusCode, transfer.body).toBe(201);
    const { payments: started, payerToken } = transfer.json<{ payments: { id: string }[]; payerToken: string }>();
    const upload = await uploadReceipt(ctx.app, { payer: payerToken }, started[0]!.id, (await receiptFiles()).png);
    expect(upload.statusCode, upload.body).toBe(200);
    const all = [due!, paid!, checking!, partly!];

    // Two days before: nothing yet; the evening before, past the daytime hours: nothing.
    expect(await ctx.app.areas.orders.remindToPay(moscowMorning('2030-03-13'))).toBe(0);
    expect(await ctx.app.areas.orders.remindToPay(new Date('2030-03-14T19:30:00Z'))).toBe(0);

    expect(await ctx.app.areas.orders.remindToPay(moscowMorning('2030-03-14'))).toBe(2);
    const sent = await messagesOf('payment_reminder', all);
    expect(sent.map((m) => m.phone).sort()).toEqual([due!, partly!].sort());
    const d = orders.get(due!)!;
    expect(sent.find((m) => m.phone === due)!.text).toBe(
      `Вместе: завтра, 15.03.2030, заканчивается срок оплаты заказа №${d.number} («Пряжа «Ализе»»). К оплате ${formatMoney(100_000)}. Оплатить: ${publicUrl}/order/${d.id}`,
    );

    // The next turns, that day and on the day itself, send nothing again.
    expect(await ctx.app.areas.orders.remindToPay(new Date('2030-03-14T12:00:00Z'))).toBe(0);
    expect(await ctx.app.areas.orders.remindToPay(moscowMorning('2030-03-15'))).toBe(0);
    expect(await messagesOf('payment_reminder', all)).toHaveLength(2);
    // Past the deadline nobody is reminded.
    expect(await ctx.app.areas.orders.remindToPay(moscowMorning('2030-03-16'))).toBe(0);
  });

  it('a deadline moved is a new occasion; missed the day before, the day itself reminds', async () => {
    const [a] = phones(1);
    const purchase = await purchaseOf([{ phone: a!, rubles: 500 }], '2030-04-10');
    await toPayment(purchase.id);
    expect(await ctx.app.areas.orders.remindToPay(moscowMorning('2030-04-10'))).toBe(1);
    expect((await messagesOf('payment_reminder', [a!])).at(-1)!.text).toMatch(/^Вместе: сегодня, 10\.04\.2030, заканчивается срок оплаты/);

    const moved = await call(ctx.app, endpoints.purchases.update, {
      params: { id: purchase.id },
      headers: admin,
      body: { paymentDeadline: '2030-04-20' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ctx.app.areas.orders.remindToPay(moscowMorning('2030-04-19'))).toBe(1);
    expect(await messagesOf('payment_reminder', [a!])).toHaveLength(2);
  });

  it('is a background job of the jobs table', async () => {
    await ctx.app.jobs.makeDue('orders.payment-reminders');
    expect(await ctx.app.jobs.runDue()).toContain('orders.payment-reminders');
    const [job] = rowsOf<{ lastError: string | null }>(
      await ctx.database.db.execute(sql`select last_error as "lastError" from jobs where name = 'orders.payment-reminders'`),
    );
    expect(job!.lastError).toBeNull();
  });
});

describe('an order imported for a client', () => {
  it('tells clients with and without an account, each with their own link', async () => {
    const [guest] = phones(1);
    const purchase = await purchaseOf([
      { phone: guest!, rubles: 450 },
      { phone: '79000000004', rubles: 990 },
      // An account not confirmed yet does not own its orders: the order's own page.
      { phone: '79000000005', rubles: 100 },
    ]);
    const orders = await orderIdsByPhone(purchase.id);
    // The demo client has orders of other purchases of this file: only this purchase's messages.
    const ofThisPurchase = async () =>
      (await messagesOf('order_imported', [guest!, '79000000004', '79000000005'])).filter((m) =>
        [...orders.values()].some((o) => m.text.includes(`заказ №${o.number} `)),
      );
    const sent = await ofThisPurchase();
    expect(sent).toHaveLength(3);
    const g = orders.get(guest!)!;
    expect(sent.find((m) => m.phone === guest)!.text).toBe(
      `Вместе: для вас оформлен заказ №${g.number} в закупке «Пряжа «Ализе»» на ${formatMoney(45_000)}. Когда откроется оплата, мы напишем. Заказ: ${publicUrl}/order/${g.id}`,
    );
    expect(sent.find((m) => m.phone === '79000000004')!.text).toMatch(new RegExp(`Заказ: ${publicUrl}/personal$`));
    expect(sent.find((m) => m.phone === '79000000005')!.text).toContain(`${publicUrl}/order/${orders.get('79000000005')!.id}`);

    // A re-import of the same file corrects the orders the clients know of: nobody is told again.
    const again = await importFile(ctx.app, admin, purchase.id, csvOf([IMPORT_HEADER, [guest!, 'Клиент', 'Пряжа', '', '', '2', '450']]));
    expect(again.statusCode, again.body).toBe(200);
    expect(await ofThisPurchase()).toHaveLength(3);
  });

  it('imported while the purchase takes payments: the sum to pay and the payment link', async () => {
    const [early, late] = phones(2);
    const purchase = await purchaseOf([{ phone: early!, rubles: 100 }], null);
    await toPayment(purchase.id);
    const res = await importFile(ctx.app, admin, purchase.id, csvOf([IMPORT_HEADER, [late!, 'Клиент', 'Пряжа', '', '', '3', '250']]));
    expect(res.statusCode, res.body).toBe(200);
    const order = (await orderIdsByPhone(purchase.id)).get(late!)!;
    const [told] = await messagesOf('order_imported', [late!]);
    expect(told!.text).toBe(
      `Вместе: для вас оформлен заказ №${order.number} в закупке «Пряжа «Ализе»». К оплате ${formatMoney(75_000)}. Оплатить: ${publicUrl}/order/${order.id}`,
    );
    // Payment opened before this order existed; the import's message is the one that tells it.
    expect(await messagesOf('payment_opened', [late!])).toEqual([]);
  });

  it('an order entered by hand is told about too', async () => {
    const [phone] = phones(1);
    const purchase = await createPurchase(ctx.app, admin, { title: 'Чай' });
    const res = await callUnchecked(ctx.app, endpoints.orders.create, {
      headers: admin,
      body: { purchaseId: purchase.id, phone, clientName: 'Клиент', lines: [{ product: 'Чай', quantity: 1, unitPriceKopecks: 30_000 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [told] = await messagesOf('order_imported', [phone!]);
    expect(told!.text).toContain(`в закупке «Чай» на ${formatMoney(30_000)}`);
  });
});

describe.skipIf(!isPostgresRun)('two instances at once (PostgreSQL only: PGlite never overlaps two requests)', () => {
  let second: TestContext;
  beforeAll(async () => {
    second = await createTestApp({}, { sameDatabaseAs: ctx });
  });
  afterAll(() => second.close());

  it('«Оплата» set on both instances at the same moment: one message per client', async () => {
    const clients = phones(50);
    const purchase = await purchaseOf(clients.map((phone) => ({ phone, rubles: 700 })));
    await walkTo(ctx.app, admin, purchase.id, 'stopped');
    const answers = await Promise.all(
      [ctx.app, second.app, ctx.app, second.app].map((app) =>
        call(app, endpoints.purchases.changeStatus, { params: { id: purchase.id }, headers: admin, body: { status: 'payment' } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await messagesOf('payment_opened', clients)).map((m) => m.phone).sort()).toEqual([...clients].sort());
  });

  it('reminder turns of both instances at once remind each client once', async () => {
    const clients = phones(50);
    const purchase = await purchaseOf(
      clients.map((phone) => ({ phone, rubles: 700 })),
      '2030-06-02',
    );
    await toPayment(purchase.id);
    const moment = moscowMorning('2030-06-01');
    const counts = await Promise.all([
      ctx.app.areas.orders.remindToPay(moment),
      second.app.areas.orders.remindToPay(moment),
      ctx.app.areas.orders.remindToPay(moment),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(50);
    expect((await messagesOf('payment_reminder', clients)).map((m) => m.phone).sort()).toEqual([...clients].sort());
  });
});
