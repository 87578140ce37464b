import { type AdminPaymentDetails, endpoints, type Payment } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { lastOutboxMessage } from '../fixtures/accounts-kit.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { type Headers, NIL_UUID, call } from '../fixtures/requests.js';
import type { CardJson, OrderJson } from '../fixtures/purchases-kit.js';
import {
  adminAction,
  adminActionOk,
  CARD_NUMBERS,
  countPaymentRows,
  createCard,
  getPayment,
  goods,
  myOrders,
  pay,
  paymentDetails,
  payOk,
  purchaseWithOrders,
  receiptFiles,
  receiptsQueue,
  uploadReceipt,
} from '../fixtures/payments-kit.js';

/**
 * Transfers to the card bound to each purchase: one payment per card with its amount and comment,
 * the receipt checked by its bytes, the admin's queue, reject with a reason, confirm.
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;
let sber: CardJson;
let tbank: CardJson;
const clientPhone = demoPhones.client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  sber = await createCard(ctx.app, admin, { bank: 'Сбербанк', holderName: 'Смирнова Анна Сергеевна', number: CARD_NUMBERS[0] });
  tbank = await createCard(ctx.app, admin, {
    bank: 'Т-Банк',
    holderName: 'Смирнов Игорь Петрович',
    number: CARD_NUMBERS[1],
    sbpPhone: null,
  });
});
afterAll(() => ctx.close());

async function orderOnCard(card: CardJson | null, kopecks = 100_000, fee = 0): Promise<OrderJson> {
  const { orders } = await purchaseWithOrders(ctx.app, admin, {
    fee,
    cardId: card?.id ?? null,
    orders: [{ phone: clientPhone, lines: goods(kopecks) }],
  });
  return orders[0]!;
}

async function openTransfer(order?: OrderJson): Promise<Payment> {
  const payable = order ?? (await orderOnCard(sber));
  return (await payOk(ctx.app, client, [payable.id], 'transfer')).payments[0]!;
}

async function dueOf(orderId: string) {
  const order = (await myOrders(ctx.app, client)).find((o) => o.id === orderId)!;
  return { paidKopecks: order.paidKopecks, dueKopecks: order.dueKopecks, isPayable: order.isPayable };
}

describe('a transfer is one payment per card', () => {
  it('orders of purchases bound to two cards → two payments, each with its card, amount and comment', async () => {
    const sberOrderA = await orderOnCard(sber, 120_000, 10);
    const tbankOrder = await orderOnCard(tbank, 55_555);
    const sberOrderB = await orderOnCard(sber, 30_000);
    const result = await payOk(ctx.app, client, [tbankOrder.id, sberOrderB.id, sberOrderA.id], 'transfer');
    expect(result.redirectUrl).toBeNull();
    expect(result.payments).toHaveLength(2);

    const bySber = result.payments.find((p) => p.transfer?.cardNumber === sber.number)!;
    const byTbank = result.payments.find((p) => p.transfer?.cardNumber === tbank.number)!;
    expect(bySber).toMatchObject({
      method: 'transfer',
      status: 'pending',
      amountKopecks: 132_000 + 30_000,
      hasReceipt: false,
      confirmationUrl: null,
      transfer: {
        bank: 'Сбербанк',
        holderName: 'Смирнова Анна Сергеевна',
        cardNumber: sber.number,
        sbpPhone: '79000000001',
        comment: `Заказы №${sberOrderA.number}, №${sberOrderB.number}`,
      },
    });
    expect(bySber.items.map((i) => [i.orderId, i.amountKopecks])).toEqual([
      [sberOrderA.id, 132_000],
      [sberOrderB.id, 30_000],
    ]);
    expect(byTbank).toMatchObject({
      amountKopecks: 55_555,
      transfer: {
        bank: 'Т-Банк',
        holderName: 'Смирнов Игорь Петрович',
        cardNumber: tbank.number,
        sbpPhone: null,
        comment: `Заказ №${tbankOrder.number}`,
      },
    });
    expect(byTbank.items.map((i) => i.orderId)).toEqual([tbankOrder.id]);
    // The payer reads the same by the payment's link.
    expect((await getPayment(ctx.app, byTbank.id)).transfer?.comment).toBe(`Заказ №${tbankOrder.number}`);
  });

  it('a purchase without a card, or with a card that takes no transfers → 409, and nothing is written for any card', async () => {
    const onCard = await orderOnCard(sber);
    const noCard = await orderOnCard(null);
    const before = await countPaymentRows(ctx);
    const purchaseTitle = noCard.purchase.title;
    expectError(await pay(ctx.app, client, [onCard.id, noCard.id], 'transfer'), 409, {
      message: `Для закупки «${purchaseTitle}» не указана карта для перевода: выберите оплату картой онлайн или СБП`,
    });

    const spare = await createCard(ctx.app, admin, { number: '5555555555554444', bank: 'Альфа-Банк' });
    const onSpare = await orderOnCard(spare);
    // A bound card can no longer be switched off (issue 25, item 9); a shop may still hold one from before.
    const off = await call(ctx.app, endpoints.cards.update, { params: { id: spare.id }, headers: admin, body: { isActive: false } });
    expect(off.statusCode, off.body).toBe(409);
    await ctx.database.db.update(cards).set({ isActive: false }).where(eq(cards.id, spare.id));
    expectError(await pay(ctx.app, client, [onCard.id, onSpare.id], 'transfer'), 409, {
      message: `Карта для перевода по закупке «${onSpare.purchase.title}» сейчас не принимает переводы: выберите оплату картой онлайн или СБП`,
    });
    expect(await countPaymentRows(ctx)).toEqual(before);
    // Online is still open to them.
    expect((await payOk(ctx.app, client, [noCard.id, onSpare.id], 'card')).payments).toHaveLength(1);
  });
});

describe('the receipt', () => {
  it.each([
    ['png', 'image/png', 'чек.png'],
    ['jpeg', 'image/jpeg', 'IMG_0042.JPG'],
    ['webp', 'image/webp', 'screenshot.webp'],
    ['pdf', 'application/pdf', 'Выписка.pdf'],
    ['heic', 'image/heic', 'IMG_0043.HEIC'],
  ] as const)('%s is accepted by its content; the payment waits for the check', async (kind, mime, filename) => {
    const payment = await openTransfer();
    const file = (await receiptFiles())[kind];
    // The browser's word about the type is not what decides.
    const res = await uploadReceipt(ctx.app, client, payment.id, file, filename, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ status: 'awaiting_check', hasReceipt: true });
    const details = await paymentDetails(ctx.app, admin, payment.id);
    expect(details.receiptMime).toBe(mime);
    expect(details.history.at(-1)).toMatchObject({ action: 'receipt_uploaded', statusBefore: 'pending', statusAfter: 'awaiting_check' });
    const stored = await call(ctx.app, endpoints.payments.receiptFile, { params: { id: payment.id }, headers: admin });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe(mime);
    expect(stored.rawPayload.equals(file)).toBe(true);
  });

  it('a second receipt replaces the first while the admin has not decided', async () => {
    const payment = await openTransfer();
    const { png, pdf } = await receiptFiles();
    expect((await uploadReceipt(ctx.app, client, payment.id, png)).statusCode).toBe(200);
    expect((await uploadReceipt(ctx.app, client, payment.id, pdf, 'чек.pdf')).statusCode).toBe(200);
    const stored = await call(ctx.app, endpoints.payments.receiptFile, { params: { id: payment.id }, headers: admin });
    expect(stored.headers['content-type']).toBe('application/pdf');
    expect(stored.rawPayload.equals(pdf)).toBe(true);
  });

  it('a text file named .jpg → 415; a file over 10 MB → 413; the payment is untouched', async () => {
    const payment = await openTransfer();
    expectError(await uploadReceipt(ctx.app, client, payment.id, Buffer.from('Перевод выполнен, честно'), 'чек.jpg', 'image/jpeg'), 415, {
      message: 'Чек — это фото (JPEG, PNG, WebP, HEIC) или PDF из банка. Этот файл не подходит',
      field: 'file',
    });
    const huge = Buffer.concat([(await receiptFiles()).png, Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await uploadReceipt(ctx.app, client, payment.id, huge, 'чек.png'), 413, {
      message: 'Файл больше 10 мегабайт',
      field: 'file',
    });
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'pending', hasReceipt: false });
  });

  it('upload to a closed payment → 409; to an online payment → 409; to no payment → 404', async () => {
    const png = (await receiptFiles()).png;
    const payment = await openTransfer();
    await adminActionOk(ctx.app, admin, payment.id, 'cancel', { reason: 'Клиент передумал' });
    expectError(await uploadReceipt(ctx.app, client, payment.id, png), 409, {
      message: `Платёж №${payment.number} уже закрыт: выберите заказы и оплатите их снова`,
    });
    expect((await getPayment(ctx.app, payment.id)).hasReceipt).toBe(false);

    const online = (await payOk(ctx.app, client, [(await orderOnCard(sber)).id], 'card')).payments[0]!;
    expectError(await uploadReceipt(ctx.app, client, online.id, png), 409, { message: 'Чек нужен только для перевода на карту' });
    expectError(await uploadReceipt(ctx.app, client, NIL_UUID, png), 404, { message: 'Платёж не найден' });
  });
});

describe('the admin checks receipts', () => {
  it('the queue lists receipts waiting for the check, oldest first', async () => {
    const { png, jpeg } = await receiptFiles();
    const first = await openTransfer();
    const second = await openTransfer();
    const waiting = await openTransfer();
    expect((await uploadReceipt(ctx.app, client, second.id, png)).statusCode).toBe(200);
    expect((await uploadReceipt(ctx.app, client, first.id, jpeg, 'чек.jpg')).statusCode).toBe(200);
    const queue = await receiptsQueue(ctx.app, admin);
    const mine = queue.filter((p) => [first.id, second.id, waiting.id].includes(p.id)).map((p) => p.id);
    expect(mine).toEqual([second.id, first.id]);
    expect(queue.every((p) => p.status === 'awaiting_check')).toBe(true);
    const entry = queue.find((p) => p.id === second.id)!;
    expect(entry).toMatchObject({ receiptMime: 'image/png', payer: { phone: clientPhone }, amountKopecks: second.amountKopecks });
    expect(entry.transfer?.comment).toBe(second.transfer?.comment);
  });

  it('reject needs a reason (400); with one, the payment is rejected, the order payable again, the client told why', async () => {
    const order = await orderOnCard(sber, 77_700);
    const payment = await openTransfer(order);
    expectError(await adminAction(ctx.app, admin, payment.id, 'reject', { reason: 'Сумма не та' }), 409, {
      message: `Чек платежа №${payment.number} не ждёт проверки`,
    });
    expect((await uploadReceipt(ctx.app, client, payment.id, (await receiptFiles()).png)).statusCode).toBe(200);
    expectError(await adminAction(ctx.app, admin, payment.id, 'reject', {}), 400, { message: 'Укажите причину', field: 'reason' });
    expectError(await adminAction(ctx.app, admin, payment.id, 'reject', { reason: '   ' }), 400, {
      message: 'Укажите причину, клиент её увидит',
      field: 'reason',
    });
    expect((await getPayment(ctx.app, payment.id)).status).toBe('awaiting_check');

    const reason = 'Сумма в чеке 700 ₽, а нужно 777 ₽';
    const details = await adminActionOk(ctx.app, admin, payment.id, 'reject', { reason });
    expect(details).toMatchObject({ status: 'rejected', reason });
    expect(details.history.at(-1)).toMatchObject({
      action: 'rejected',
      actorName: 'Анна Смирнова',
      statusBefore: 'awaiting_check',
      statusAfter: 'rejected',
      comment: reason,
    });
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'rejected', reason });
    expect(await dueOf(order.id)).toEqual({ paidKopecks: 0, dueKopecks: 77_700, isPayable: true });
    const message = await lastOutboxMessage(ctx.app, clientPhone, 'receipt_rejected');
    expect(message).toContain(reason);
    expect(message).toContain(`№${payment.number}`);
    expect((await receiptsQueue(ctx.app, admin)).map((p) => p.id)).not.toContain(payment.id);
    expectError(await adminAction(ctx.app, admin, payment.id, 'reject', { reason }), 409);
    expectError(await adminAction(ctx.app, admin, payment.id, 'confirm', {}), 409, { message: `Платёж №${payment.number} уже закрыт` });

    // The client pays again: a new transfer, a new receipt, and the admin confirms it.
    const again = await openTransfer(order);
    expect(again.id).not.toBe(payment.id);
    expect((await uploadReceipt(ctx.app, client, again.id, (await receiptFiles()).jpeg, 'чек.jpg')).statusCode).toBe(200);
    const confirmed: AdminPaymentDetails = await adminActionOk(ctx.app, admin, again.id, 'confirm', { comment: 'Пришло на Сбер' });
    expect(confirmed).toMatchObject({ status: 'succeeded' });
    expect(confirmed.paidAt).not.toBeNull();
    expect(confirmed.history.at(-1)).toMatchObject({
      action: 'confirmed',
      actorName: 'Анна Смирнова',
      statusBefore: 'awaiting_check',
      statusAfter: 'succeeded',
      amountKopecks: 77_700,
      comment: 'Пришло на Сбер',
      orders: [{ number: order.number, paidBeforeKopecks: 0, paidAfterKopecks: 77_700 }],
    });
    expect(await dueOf(order.id)).toEqual({ paidKopecks: 77_700, dueKopecks: 0, isPayable: false });
    expect(await lastOutboxMessage(ctx.app, clientPhone, 'payment_succeeded')).toContain(`платёж №${again.number}`);
    expectError(await adminAction(ctx.app, admin, again.id, 'confirm', {}), 409, { message: `Платёж №${again.number} уже закрыт` });
  });

  it('only a transfer is confirmed by hand', async () => {
    const online = (await payOk(ctx.app, client, [(await orderOnCard(sber)).id], 'sbp')).payments[0]!;
    expectError(await adminAction(ctx.app, admin, online.id, 'confirm', {}), 409, {
      message: 'Подтверждать вручную можно только перевод на карту',
    });
    expect((await getPayment(ctx.app, online.id)).status).toBe('pending');
    expectError(await adminAction(ctx.app, admin, NIL_UUID, 'confirm', {}), 404, { message: 'Платёж не найден' });
  });
});
