import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { type Headers, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import {
  createPurchase,
  csvOf,
  IMPORT_HEADER,
  importFile,
  listOrdersOf,
  type PurchaseJson,
  setStatus,
  walkTo,
} from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const titles: Record<string, string> = {
  draft: 'Черновик',
  open: 'Сбор заказов',
  stopped: 'Стоп',
  payment: 'Оплата',
  ordered: 'Заказано',
  in_transit: 'В пути',
  at_warehouse: 'На складе',
  distribution: 'Раздача',
  completed: 'Завершена',
  canceled: 'Отменена',
};
const statuses = Object.keys(titles);
/** The lifecycle as the issue states it, written out here rather than taken from the contract. */
const legal: Record<string, string[]> = {
  draft: ['open', 'canceled'],
  open: ['stopped', 'canceled'],
  stopped: ['open', 'payment', 'canceled'],
  payment: ['ordered', 'canceled'],
  ordered: ['in_transit'],
  in_transit: ['at_warehouse'],
  at_warehouse: ['distribution'],
  distribution: ['completed'],
  completed: [],
  canceled: [],
};

async function createCard(overrides: Record<string, unknown> = {}) {
  const res = await call(ctx.app, endpoints.cards.create, {
    headers: admin,
    body: { bank: 'Сбербанк', holderName: 'Анна С.', number: '4111111111111111', ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

function getPurchase(id: string) {
  return call(ctx.app, endpoints.purchases.get, { params: { id }, headers: admin });
}

function patch(id: string, payload: Record<string, unknown>) {
  return call(ctx.app, endpoints.purchases.update, { params: { id }, headers: admin, body: payload });
}

describe('GET /api/purchases/covers (public)', () => {
  it('answers only shown purchases that are neither drafts nor canceled, in the admin’s order', async () => {
    const second = await createPurchase(ctx.app, admin, { title: 'Обувь', showOnMain: true, mainOrder: 20, paymentDeadline: '2026-12-31' });
    const first = await createPurchase(ctx.app, admin, { title: 'Игрушки', showOnMain: true, mainOrder: 10 });
    const third = await createPurchase(ctx.app, admin, { title: 'Посуда', showOnMain: true, mainOrder: 30 });
    const draft = await createPurchase(ctx.app, admin, { title: 'Черновик на главной', showOnMain: true, mainOrder: 0 });
    const canceled = await createPurchase(ctx.app, admin, { title: 'Отменённая', showOnMain: true, mainOrder: 1 });
    const hidden = await createPurchase(ctx.app, admin, { title: 'Не на главной', showOnMain: false, mainOrder: 2 });
    await walkTo(ctx.app, admin, second.id, 'open');
    await walkTo(ctx.app, admin, first.id, 'payment');
    await walkTo(ctx.app, admin, third.id, 'completed');
    await walkTo(ctx.app, admin, canceled.id, 'canceled');
    await walkTo(ctx.app, admin, hidden.id, 'open');

    const res = await call(ctx.app, endpoints.purchases.covers);
    expect(res.statusCode, res.body).toBe(200);
    const covers = res.json<Record<string, unknown>[]>();
    expect(covers.map((c) => c.id)).toEqual([first.id, second.id, third.id]);
    expect(covers.map((c) => c.id)).not.toContain(draft.id);
    expect(covers[1]).toEqual({
      id: second.id,
      title: 'Обувь',
      description: '',
      supplier: '',
      status: 'open',
      paymentDeadline: '2026-12-31',
      coverUrl: null,
      coverThumbUrl: null,
    });

    // Moving a purchase in the admin's order moves it on the main page; hiding it removes it.
    expect((await patch(third.id, { showOnMain: true, mainOrder: 5 })).statusCode).toBe(200);
    expect((await patch(second.id, { showOnMain: false })).statusCode).toBe(200);
    const after = await call(ctx.app, endpoints.purchases.covers);
    expect(after.json<{ id: string }[]>().map((c) => c.id)).toEqual([third.id, first.id]);
  });

  it('carries what the opened card shows: description, supplier, stage, payment deadline and the full cover; nothing of the back office', async () => {
    const description = 'Трикотаж для детей от 0 до 12 лет.\nРазмерная сетка — в карточках товаров.';
    const purchase = await createPurchase(ctx.app, admin, {
      title: 'Детский трикотаж',
      description,
      supplier: 'ООО «Мамин Дом», Иваново',
      organizerFeePercent: 12.5,
      paymentDeadline: '2026-11-05',
      showOnMain: true,
      mainOrder: 99_000,
    });
    await walkTo(ctx.app, admin, purchase.id, 'payment');

    // Anyone may read it: no token.
    const res = await call(ctx.app, endpoints.purchases.covers, { headers: {} });
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json<Record<string, unknown>[]>().find((c) => c.id === purchase.id);
    expect(cover).toEqual({
      id: purchase.id,
      title: 'Детский трикотаж',
      description,
      supplier: 'ООО «Мамин Дом», Иваново',
      status: 'payment',
      paymentDeadline: '2026-11-05',
      coverUrl: null,
      coverThumbUrl: null,
    });

    // An edit shows at once.
    expect((await patch(purchase.id, { description: 'Новое описание', supplier: 'ИП Петров' })).statusCode).toBe(200);
    const edited = (await call(ctx.app, endpoints.purchases.covers)).json<Record<string, unknown>[]>();
    expect(edited.find((c) => c.id === purchase.id)).toMatchObject({ description: 'Новое описание', supplier: 'ИП Петров' });
  });
});

describe('POST /api/purchases', () => {
  it('creates a draft with the defaults', async () => {
    const res = await call(ctx.app, endpoints.purchases.create, { headers: admin, body: { title: '  Детская одежда  ' } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PurchaseJson>();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Детская одежда',
      description: '',
      supplier: '',
      status: 'draft',
      organizerFeePercent: 0,
      paymentDeadline: null,
      cardId: null,
      isCashbackExcluded: false,
      showOnMain: false,
      mainOrder: 0,
      coverUrl: null,
      coverThumbUrl: null,
      ordersCount: 0,
      dueKopecks: 0,
      paidKopecks: 0,
      linesCount: 0,
      receivedLinesCount: 0,
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60_000);
    expect((await getPurchase(body.id)).json()).toEqual(body);
  });

  it('stores every field given', async () => {
    const card = await createCard();
    const res = await call(ctx.app, endpoints.purchases.create, {
      headers: admin,
      body: {
        title: 'Текстиль',
        description: 'Постельное бельё из Иваново',
        supplier: 'ООО «Текстиль»',
        organizerFeePercent: 12.34,
        paymentDeadline: '2027-02-28',
        cardId: card.id,
        isCashbackExcluded: true,
        showOnMain: true,
        mainOrder: 7,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Текстиль',
      description: 'Постельное бельё из Иваново',
      supplier: 'ООО «Текстиль»',
      organizerFeePercent: 12.34,
      paymentDeadline: '2027-02-28',
      cardId: card.id,
      isCashbackExcluded: true,
      showOnMain: true,
      mainOrder: 7,
      status: 'draft',
    });
    // The bounds of the fee are allowed.
    expect((await createPurchase(ctx.app, admin, { organizerFeePercent: 100 })).organizerFeePercent).toBe(100);
    expect((await createPurchase(ctx.app, admin, { organizerFeePercent: 0.01 })).organizerFeePercent).toBe(0.01);
  });

  it.each([
    [{ title: '' }, 'title', 'Укажите название закупки'],
    [{ title: '   ' }, 'title', 'Укажите название закупки'],
    [{}, 'title', 'Укажите название закупки'],
    [{ title: 'х'.repeat(201) }, 'title', 'Название закупки — не больше 200 символов'],
    [{ title: 'А', organizerFeePercent: 100.5 }, 'organizerFeePercent', 'Оргсбор должен быть от 0 до 100 %'],
    [{ title: 'А', organizerFeePercent: -1 }, 'organizerFeePercent', 'Оргсбор должен быть от 0 до 100 %'],
    [{ title: 'А', organizerFeePercent: 12.345 }, 'organizerFeePercent', 'Оргсбор указывается не более чем с двумя знаками после запятой'],
    [{ title: 'А', organizerFeePercent: '15' }, 'organizerFeePercent', 'Оргсбор должен быть числом от 0 до 100'],
    [{ title: 'А', paymentDeadline: '31.12.2026' }, 'paymentDeadline', 'Дата указывается в формате ГГГГ-ММ-ДД'],
    [{ title: 'А', paymentDeadline: '2026-13-01' }, 'paymentDeadline', 'Дата указывается в формате ГГГГ-ММ-ДД'],
    [{ title: 'А', paymentDeadline: '2026-02-30' }, 'paymentDeadline', 'Дата указывается в формате ГГГГ-ММ-ДД'],
    [{ title: 'А', cardId: 'not-a-uuid' }, 'cardId', 'Карта не найдена'],
    [{ title: 'А', mainOrder: 1.5 }, 'mainOrder', 'Порядок — целое число'],
    [{ title: 'А', mainOrder: -1 }, 'mainOrder', 'Порядок — от 0'],
    [{ title: 'А', showOnMain: 'yes' }, 'showOnMain', 'Признак должен быть true или false'],
  ])('refuses %j with 400 on field %s', async (payload, field, message) => {
    const before = (await call(ctx.app, endpoints.purchases.list, { query: { pageSize: '1' }, headers: admin })).json<{ total: number }>()
      .total;
    const res = await callUnchecked(ctx.app, endpoints.purchases.create, { headers: admin, body: payload });
    expectError(res, 400, { field, message });
    const after = (await call(ctx.app, endpoints.purchases.list, { query: { pageSize: '1' }, headers: admin })).json<{ total: number }>()
      .total;
    expect(after).toBe(before);
  });

  it('refuses an unknown, a deleted and an inactive card', async () => {
    expectError(await call(ctx.app, endpoints.purchases.create, { headers: admin, body: { title: 'А', cardId: NIL_UUID } }), 400, {
      field: 'cardId',
      message: 'Карта не найдена или удалена',
    });
    const inactive = await createCard({ isActive: false });
    expectError(await call(ctx.app, endpoints.purchases.create, { headers: admin, body: { title: 'А', cardId: inactive.id } }), 400, {
      field: 'cardId',
      message: 'Карта отключена: включите её или выберите другую',
    });
    const deleted = await createCard();
    expect((await call(ctx.app, endpoints.cards.delete, { params: { id: deleted.id }, headers: admin })).statusCode).toBe(200);
    expectError(await call(ctx.app, endpoints.purchases.create, { headers: admin, body: { title: 'А', cardId: deleted.id } }), 400, {
      field: 'cardId',
      message: 'Карта не найдена или удалена',
    });
  });
});

describe('PATCH /api/purchases/:id', () => {
  it('changes the fields given, the card, the main page flag and order', async () => {
    const card = await createCard();
    const other = await createCard({ number: '2200000000000004' });
    const purchase = await createPurchase(ctx.app, admin, { title: 'Было' });
    const res = await patch(purchase.id, {
      title: 'Стало',
      description: 'Новое описание',
      supplier: 'Поставщик',
      organizerFeePercent: 7.5,
      paymentDeadline: '2027-01-15',
      cardId: card.id,
      isCashbackExcluded: true,
      showOnMain: true,
      mainOrder: 42,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...purchase,
      title: 'Стало',
      description: 'Новое описание',
      supplier: 'Поставщик',
      organizerFeePercent: 7.5,
      paymentDeadline: '2027-01-15',
      cardId: card.id,
      isCashbackExcluded: true,
      showOnMain: true,
      mainOrder: 42,
    };
    expect(res.json()).toEqual(expected);
    expect((await getPurchase(purchase.id)).json()).toEqual(expected);

    // Another card, then none at all.
    const switched = await patch(purchase.id, { cardId: other.id });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().cardId).toBe(other.id);
    const unbound = await patch(purchase.id, { cardId: null, paymentDeadline: null });
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(unbound.json()).toMatchObject({ cardId: null, paymentDeadline: null });
  });

  // Regression: with `purchaseBodySchema.partial()` zod 4 kept the defaults, so every field left out of
  // a PATCH was reset (fee 0, card null, showOnMain false, mainOrder 0…).
  it('keeps the fields a PATCH leaves out', async () => {
    const card = await createCard();
    const purchase = await createPurchase(ctx.app, admin, {
      title: 'Полная',
      description: 'Описание',
      supplier: 'Поставщик',
      organizerFeePercent: 15,
      paymentDeadline: '2027-03-01',
      cardId: card.id,
      isCashbackExcluded: true,
      showOnMain: true,
      mainOrder: 9,
    });
    const res = await patch(purchase.id, { title: 'Только название' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...purchase, title: 'Только название' });
  });

  it('validates like creation and answers 404 for an unknown purchase', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Проверка' });
    expectError(await patch(purchase.id, { title: '' }), 400, { field: 'title', message: 'Укажите название закупки' });
    expectError(await patch(purchase.id, { organizerFeePercent: 100.5 }), 400, { field: 'organizerFeePercent' });
    expectError(await patch(purchase.id, { organizerFeePercent: 1.005 }), 400, {
      field: 'organizerFeePercent',
      message: 'Оргсбор указывается не более чем с двумя знаками после запятой',
    });
    expectError(await patch(purchase.id, { paymentDeadline: '2027-1-5' }), 400, { field: 'paymentDeadline' });
    expectError(await patch(purchase.id, { cardId: NIL_UUID }), 400, { field: 'cardId', message: 'Карта не найдена или удалена' });
    const inactive = await createCard({ isActive: false });
    expectError(await patch(purchase.id, { cardId: inactive.id }), 400, {
      field: 'cardId',
      message: 'Карта отключена: включите её или выберите другую',
    });
    expect((await getPurchase(purchase.id)).json()).toEqual(purchase);
    expectError(await patch(NIL_UUID, { title: 'Нет такой' }), 404, { message: 'Закупка не найдена' });
    expectError(await patch('123', { title: 'Нет такой' }), 400, { field: 'id', message: 'Закупка не найдена' });
  });
});

describe('GET /api/purchases', () => {
  it('filters by status and search and pages with the total', async () => {
    const marker = `Пагинация-${Date.now()}`;
    const created: PurchaseJson[] = [];
    for (let i = 0; i < 5; i += 1) created.push(await createPurchase(ctx.app, admin, { title: `${marker} ${i}`, supplier: 'Фабрика' }));
    await walkTo(ctx.app, admin, created[1]!.id, 'open');
    await walkTo(ctx.app, admin, created[3]!.id, 'open');
    await walkTo(ctx.app, admin, created[4]!.id, 'stopped');

    const newestFirst = [...created].reverse().map((p) => p.id);
    const pages: string[][] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await call(ctx.app, endpoints.purchases.list, { query: { search: marker, page, pageSize: '2' }, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ items: PurchaseJson[]; total: number }>();
      expect(body.total).toBe(5);
      pages.push(body.items.map((p) => p.id));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1, 0]);
    expect(pages.flat()).toEqual(newestFirst);

    const open = await call(ctx.app, endpoints.purchases.list, { query: { status: 'open', search: marker }, headers: admin });
    const openBody = open.json<{ items: PurchaseJson[]; total: number }>();
    expect(openBody.total).toBe(2);
    expect(openBody.items.map((p) => p.id)).toEqual([created[3]!.id, created[1]!.id]);
    expect(openBody.items.every((p) => p.status === 'open')).toBe(true);

    const stopped = await call(ctx.app, endpoints.purchases.list, { query: { status: 'stopped', pageSize: '100' }, headers: admin });
    const stoppedItems = stopped.json<{ items: PurchaseJson[] }>().items;
    expect(stoppedItems.map((p) => p.id)).toContain(created[4]!.id);
    expect(stoppedItems.every((p) => p.status === 'stopped')).toBe(true);

    // Search is case-insensitive (Russian letters too) and looks at the supplier as well.
    const lower = await call(ctx.app, endpoints.purchases.list, { query: { search: marker.toLowerCase() }, headers: admin });
    expect(lower.json().total).toBe(5);
    const supplier = await call(ctx.app, endpoints.purchases.list, { query: { search: 'ФАБРИКА', pageSize: '100' }, headers: admin });
    expect(supplier.json().total).toBe(5);
    const none = await call(ctx.app, endpoints.purchases.list, { query: { search: 'нет-такого-слова' }, headers: admin });
    expect(none.json()).toEqual({ items: [], total: 0 });
  });

  it('treats % and _ in the search as plain characters', async () => {
    const percent = await createPurchase(ctx.app, admin, { title: 'Хлопок 100% натуральный' });
    await createPurchase(ctx.app, admin, { title: 'Хлопок 100 натуральный' });
    const res = await call(ctx.app, endpoints.purchases.list, { query: { search: '100%' }, headers: admin });
    expect(res.json<{ items: { id: string }[] }>().items.map((p) => p.id)).toEqual([percent.id]);
    const underscore = await call(ctx.app, endpoints.purchases.list, { query: { search: 'Хлопок_100' }, headers: admin });
    expect(underscore.json().total).toBe(0);
  });

  it.each([
    ['status=bogus', 'status', 'Неизвестный статус закупки'],
    ['page=0', 'page', 'Страница — от 1'],
    ['pageSize=101', 'pageSize', 'Не больше 100 строк на странице'],
    ['page=abc', 'page', undefined],
  ])('refuses ?%s with 400', async (query, field, message) => {
    expectError(await callUnchecked(ctx.app, endpoints.purchases.list, { query, headers: admin }), 400, {
      field,
      ...(message ? { message } : {}),
    });
  });
});

describe('GET /api/purchases/:id', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectError(await getPurchase(NIL_UUID), 404, { message: 'Закупка не найдена' });
    expectError(await getPurchase('not-a-uuid'), 400, { field: 'id', message: 'Закупка не найдена' });
  });

  it('counts orders, money due and money paid of the purchase', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Со статистикой', organizerFeePercent: 10 });
    await walkTo(ctx.app, admin, purchase.id, 'open');
    const csv = csvOf([IMPORT_HEADER, ['79001110001', '', 'Шарф', '', '', '1', '100'], ['79001110002', '', 'Шапка', '', '', '2', '50']]);
    expect((await importFile(ctx.app, admin, purchase.id, csv)).statusCode).toBe(200);
    const [first] = await listOrdersOf(ctx.app, admin, purchase.id);
    await ctx.database.db.update(orders).set({ paidKopecks: 4000 }).where(eq(orders.id, first!.id));
    expect((await getPurchase(purchase.id)).json()).toMatchObject({ ordersCount: 2, paidKopecks: 4000, dueKopecks: 2 * 11000 - 4000 });
  });
});

describe('POST /api/purchases/:id/status', () => {
  it('walks every step of the lifecycle from draft to completed', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Весь путь' });
    for (const status of ['open', 'stopped', 'payment', 'ordered', 'in_transit', 'at_warehouse', 'distribution', 'completed']) {
      const res = await setStatus(ctx.app, admin, purchase.id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: purchase.id, status });
      expect((await getPurchase(purchase.id)).json().status).toBe(status);
    }
  });

  it('lets a stopped purchase reopen', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Снова открыта' });
    await walkTo(ctx.app, admin, purchase.id, 'stopped');
    const res = await setStatus(ctx.app, admin, purchase.id, 'open');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('open');
    expect((await setStatus(ctx.app, admin, purchase.id, 'stopped')).statusCode).toBe(200);
  });

  it('names both states of an illegal step in Russian', async () => {
    const draft = await createPurchase(ctx.app, admin, { title: 'Незаконный шаг' });
    expectError(await setStatus(ctx.app, admin, draft.id, 'ordered'), 409, {
      field: 'status',
      message: 'Нельзя перевести закупку из статуса «Черновик» в статус «Заказано»',
    });
    const completed = await createPurchase(ctx.app, admin, { title: 'Завершённая' });
    await walkTo(ctx.app, admin, completed.id, 'completed');
    expectError(await setStatus(ctx.app, admin, completed.id, 'open'), 409, {
      field: 'status',
      message: 'Нельзя перевести закупку из статуса «Завершена» в статус «Сбор заказов»',
    });
  });

  it('allows exactly the transitions of the lifecycle, from every state to every state', async () => {
    for (const from of statuses) {
      const purchase = await createPurchase(ctx.app, admin, { title: `Из ${from}` });
      await walkTo(ctx.app, admin, purchase.id, from);
      for (const to of statuses.filter((s) => !legal[from]!.includes(s))) {
        expectError(await setStatus(ctx.app, admin, purchase.id, to), 409, {
          field: 'status',
          message: `Нельзя перевести закупку из статуса «${titles[from]}» в статус «${titles[to]}»`,
        });
      }
      expect((await getPurchase(purchase.id)).json().status).toBe(from);
      for (const to of legal[from]!) {
        const fresh = await createPurchase(ctx.app, admin, { title: `Из ${from} в ${to}` });
        await walkTo(ctx.app, admin, fresh.id, from);
        const res = await setStatus(ctx.app, admin, fresh.id, to);
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
        expect(res.json().status).toBe(to);
      }
    }
  });

  it('refuses an unknown status, an unknown purchase and a malformed id', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Статус' });
    expectError(await setStatus(ctx.app, admin, purchase.id, 'bogus'), 400, { field: 'status', message: 'Неизвестный статус закупки' });
    expectError(await setStatus(ctx.app, admin, NIL_UUID, 'open'), 404, { message: 'Закупка не найдена' });
    expectError(await setStatus(ctx.app, admin, 'nope', 'open'), 400, { field: 'id' });
  });

  it('cancelling cancels every order: none owes any more, and what the paid ones hold is due back', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Будет отменена' });
    await walkTo(ctx.app, admin, purchase.id, 'payment');
    const csv = csvOf([
      IMPORT_HEADER,
      ['79002220001', 'Неоплативший', 'Шарф', '', '', '1', '1000'],
      ['79002220002', 'Оплативший', 'Шапка', '', '', '1', '500'],
      ['79002220003', 'Частично', 'Варежки', '', '', '1', '300'],
    ]);
    expect((await importFile(ctx.app, admin, purchase.id, csv)).statusCode).toBe(200);
    const byPhone = new Map((await listOrdersOf(ctx.app, admin, purchase.id)).map((o) => [o.phone, o]));
    await ctx.database.db
      .update(orders)
      .set({ paidKopecks: 50000 })
      .where(eq(orders.id, byPhone.get('79002220002')!.id));
    await ctx.database.db
      .update(orders)
      .set({ paidKopecks: 100 })
      .where(eq(orders.id, byPhone.get('79002220003')!.id));

    const res = await setStatus(ctx.app, admin, purchase.id, 'canceled');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled', dueKopecks: 0 });

    const after = new Map((await listOrdersOf(ctx.app, admin, purchase.id)).map((o) => [o.phone, o]));
    expect(after.get('79002220001')).toMatchObject({ isCanceled: true, dueKopecks: 0, paymentState: 'canceled' });
    expect(after.get('79002220002')).toMatchObject({
      isCanceled: true,
      paymentState: 'refund_due',
      dueKopecks: 0,
      refundDueKopecks: 50000,
    });
    expect(after.get('79002220003')).toMatchObject({ isCanceled: true, paymentState: 'refund_due', dueKopecks: 0, refundDueKopecks: 100 });
    // Orders of other purchases are untouched.
    const others = (await call(ctx.app, endpoints.orders.list, { query: { pageSize: '100' }, headers: admin })).json<{
      items: { purchase: { id: string }; isCanceled: boolean }[];
    }>();
    expect(others.items.filter((o) => o.purchase.id !== purchase.id && o.isCanceled)).toEqual([]);
  });

  it('cannot cancel once ordered from the supplier, and leaves the orders alone', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Уже заказана' });
    await walkTo(ctx.app, admin, purchase.id, 'payment');
    const csv = csvOf([IMPORT_HEADER, ['79003330001', '', 'Шарф', '', '', '1', '1000']]);
    expect((await importFile(ctx.app, admin, purchase.id, csv)).statusCode).toBe(200);
    await walkTo(ctx.app, admin, purchase.id, 'ordered');
    expectError(await setStatus(ctx.app, admin, purchase.id, 'canceled'), 409, {
      field: 'status',
      message: 'Нельзя перевести закупку из статуса «Заказано» в статус «Отменена»',
    });
    const [order] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(order).toMatchObject({ isCanceled: false, dueKopecks: 100000 });
    expect((await getPurchase(purchase.id)).json().status).toBe('ordered');
  });
});
