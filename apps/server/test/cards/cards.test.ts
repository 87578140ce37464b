import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { type Headers, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import { type CardJson, createPurchase, walkTo } from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

/** The Luhn checksum written out again here, so the test does not trust the contract's own. */
function luhn(digits: string): boolean {
  const sum = [...digits]
    .reverse()
    .map(Number)
    .reduce((acc, digit, i) => acc + (i % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit), 0);
  return sum % 10 === 0;
}

const VISA = '4111111111111111';
const MIR = '2200000000000004';
const MIR_SPACED = '2200 0000 0000 0004';

function post(payload: Record<string, unknown>) {
  return callUnchecked(ctx.app, endpoints.cards.create, { headers: admin, body: payload });
}

async function createCard(overrides: Record<string, unknown> = {}): Promise<CardJson> {
  const res = await post({ bank: 'Сбербанк', holderName: 'Анна Смирнова', number: VISA, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CardJson>();
}

async function list(): Promise<CardJson[]> {
  const res = await call(ctx.app, endpoints.cards.list, { headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CardJson[]>();
}

function patch(id: string, payload: Record<string, unknown>) {
  return call(ctx.app, endpoints.cards.update, { params: { id }, headers: admin, body: payload });
}

function remove(id: string) {
  return call(ctx.app, endpoints.cards.delete, { params: { id }, headers: admin });
}

describe('the numbers used here', () => {
  it('pass or fail Luhn as the tests expect', () => {
    expect(luhn(VISA)).toBe(true);
    expect(luhn(MIR)).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(luhn('2200000000000005')).toBe(false);
  });
});

describe('GET /api/cards', () => {
  it('is empty on a fresh database', async () => {
    expect(await list()).toEqual([]);
  });
});

describe('POST /api/cards', () => {
  it('creates a card with the defaults and masks its number', async () => {
    const res = await post({ bank: ' Т-Банк ', holderName: ' Анна С. ', number: VISA });
    expect(res.statusCode, res.body).toBe(201);
    const card = res.json<CardJson>();
    expect(card).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      bank: 'Т-Банк',
      holderName: 'Анна С.',
      number: VISA,
      numberMasked: '•••• 1111',
      sbpPhone: null,
      isActive: true,
      createdAt: expect.any(String),
    });
    expect((await list()).find((c) => c.id === card.id)).toEqual(card);
  });

  it('normalises a number typed with spaces or dashes and an SBP phone in any format', async () => {
    const spaced = await createCard({ number: MIR_SPACED, sbpPhone: '+7 (900) 123-45-67' });
    expect(spaced).toMatchObject({ number: MIR, numberMasked: '•••• 0004', sbpPhone: '79001234567' });
    const dashed = await createCard({ number: '2200-0000-0000-0004', sbpPhone: '8 900 123 45 67' });
    expect(dashed).toMatchObject({ number: MIR, sbpPhone: '79001234567' });
    const ten = await createCard({ sbpPhone: '9001234567', isActive: false });
    expect(ten).toMatchObject({ sbpPhone: '79001234567', isActive: false });
  });

  it.each([
    [{ number: '4111111111111112' }, 'number', 'Номер карты указан с ошибкой: не сходится контрольная цифра'],
    [{ number: '2200 0000 0000 0005' }, 'number', 'Номер карты указан с ошибкой: не сходится контрольная цифра'],
    [{ number: '4111' }, 'number', 'Номер карты — от 13 до 19 цифр'],
    [{ number: '4111 1111 1111 111x' }, 'number', 'Номер карты — от 13 до 19 цифр'],
    [{ number: '' }, 'number', 'Номер карты — от 13 до 19 цифр'],
    [{ number: 4111111111111111 }, 'number', 'Укажите номер карты'],
    [{ bank: '' }, 'bank', 'Укажите банк'],
    [{ holderName: '  ' }, 'holderName', 'Укажите получателя'],
    [{ sbpPhone: '12345' }, 'sbpPhone', 'Телефон указан неверно: введите номер в формате +7 (999) 999-99-99'],
    [{ isActive: 'да' }, 'isActive', 'Признак должен быть true или false'],
  ])('refuses %j with 400 on field %s', async (override, field, message) => {
    const before = await list();
    expectError(await post({ bank: 'Сбербанк', holderName: 'Анна', number: VISA, ...override }), 400, { field, message });
    expect(await list()).toEqual(before);
  });

  it('requires the bank, the holder and the number', async () => {
    expectError(await post({ holderName: 'Анна', number: VISA }), 400, { field: 'bank', message: 'Укажите банк' });
    expectError(await post({ bank: 'Сбербанк', number: VISA }), 400, { field: 'holderName', message: 'Укажите получателя' });
    expectError(await post({ bank: 'Сбербанк', holderName: 'Анна' }), 400, { field: 'number', message: 'Укажите номер карты' });
  });
});

describe('PATCH /api/cards/:id', () => {
  it('changes the fields given and checks a new number', async () => {
    const card = await createCard({ sbpPhone: '79001234567' });
    const res = await patch(card.id, {
      bank: 'ВТБ',
      holderName: 'Игорь К.',
      number: MIR_SPACED,
      sbpPhone: '+7 900 765-43-21',
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...card,
      bank: 'ВТБ',
      holderName: 'Игорь К.',
      number: MIR,
      numberMasked: '•••• 0004',
      sbpPhone: '79007654321',
      isActive: false,
    };
    expect(res.json()).toEqual(expected);
    expect((await list()).find((c) => c.id === card.id)).toEqual(expected);

    expectError(await patch(card.id, { number: '4111111111111112' }), 400, {
      field: 'number',
      message: 'Номер карты указан с ошибкой: не сходится контрольная цифра',
    });
    expectError(await patch(card.id, { sbpPhone: 'abc' }), 400, { field: 'sbpPhone' });
    expectError(await patch(card.id, { bank: '' }), 400, { field: 'bank', message: 'Укажите банк' });
    expect((await list()).find((c) => c.id === card.id)).toEqual(expected);

    const cleared = await patch(card.id, { sbpPhone: null, isActive: false });
    expect(cleared.json()).toMatchObject({ sbpPhone: null, isActive: false, number: MIR });
  });

  // Regression: with `cardBodySchema.partial()` zod 4 kept the defaults, so a PATCH that left out
  // sbpPhone and isActive cleared the SBP phone and switched a disabled card back on.
  it('keeps the fields a PATCH leaves out (a disabled card stays disabled)', async () => {
    const card = await createCard({ sbpPhone: '79001234567', isActive: false });
    const res = await patch(card.id, { bank: 'Альфа-Банк' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...card, bank: 'Альфа-Банк' });
  });

  it('answers 404 for an unknown or deleted card and 400 for a malformed id', async () => {
    expectError(await patch(NIL_UUID, { bank: 'ВТБ' }), 404, { message: 'Карта не найдена' });
    expectError(await patch('12', { bank: 'ВТБ' }), 400, { field: 'id', message: 'Карта не найдена' });
    const card = await createCard();
    expect((await remove(card.id)).statusCode).toBe(200);
    expectError(await patch(card.id, { bank: 'ВТБ' }), 404, { message: 'Карта не найдена' });
  });
});

describe('PATCH /api/cards/:id switching a card off', () => {
  const refusal = (titles: string) => `Карта привязана к закупкам ${titles}: сначала привяжите к ним другую карту`;

  it('is refused while a purchase in payment sends transfers to the card, naming it; the card stays on', async () => {
    const card = await createCard({ holderName: 'Для оплаты' });
    const purchase = await createPurchase(ctx.app, admin, { title: 'Пледы', cardId: card.id });
    await walkTo(ctx.app, admin, purchase.id, 'payment');
    expectError(await patch(card.id, { isActive: false }), 409, { message: refusal('«Пледы»') });
    // Refused whole: the other fields of the same PATCH are not saved either.
    expectError(await patch(card.id, { bank: 'ВТБ', isActive: false }), 409, { message: refusal('«Пледы»') });
    expect((await list()).find((c) => c.id === card.id)).toEqual(card);

    // Edits that keep it on pass; once the purchase is completed it may be switched off.
    expect((await patch(card.id, { holderName: 'Для оплаты Б.', isActive: true })).statusCode).toBe(200);
    await walkTo(ctx.app, admin, purchase.id, 'completed');
    const off = await patch(card.id, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false });
  });

  it('is refused for a draft too and names every purchase; a canceled purchase frees the card', async () => {
    const card = await createCard();
    const draft = await createPurchase(ctx.app, admin, { title: 'Шторы', cardId: card.id });
    const open = await createPurchase(ctx.app, admin, { title: 'Коврики', cardId: card.id });
    await walkTo(ctx.app, admin, open.id, 'open');
    const body = expectError(await patch(card.id, { isActive: false }), 409);
    expect(body.message).toMatch(/^Карта привязана к закупкам («Шторы», «Коврики»|«Коврики», «Шторы»): сначала привяжите/);
    await walkTo(ctx.app, admin, draft.id, 'canceled');
    expectError(await patch(card.id, { isActive: false }), 409, { message: refusal('«Коврики»') });
    await walkTo(ctx.app, admin, open.id, 'canceled');
    expect((await patch(card.id, { isActive: false })).statusCode).toBe(200);
  });

  it('lets a card that is already off be edited with isActive: false (its form sends it)', async () => {
    const card = await createCard({ isActive: false });
    const res = await patch(card.id, { bank: 'Росбанк', isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...card, bank: 'Росбанк' });
  });

  it('still answers 404 for an unknown card', async () => {
    expectError(await patch(NIL_UUID, { isActive: false }), 404, { message: 'Карта не найдена' });
  });
});

describe('the list order', () => {
  it('lists active cards first, newest first within each group', async () => {
    for (const c of await list()) await remove(c.id);
    const older = await createCard({ holderName: 'Первая' });
    const disabled = await createCard({ holderName: 'Отключённая', isActive: false });
    const newer = await createCard({ holderName: 'Третья' });
    expect((await list()).map((c) => c.id)).toEqual([newer.id, older.id, disabled.id]);
  });
});

describe('DELETE /api/cards/:id', () => {
  it('deletes softly: the card leaves the list but its row stays', async () => {
    const card = await createCard({ holderName: 'Удаляемая' });
    const res = await remove(card.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...card, isActive: false });
    expect((await list()).map((c) => c.id)).not.toContain(card.id);
    const [row] = await ctx.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row).toBeDefined();
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.number).toBe(VISA);
    expectError(await remove(card.id), 404, { message: 'Карта не найдена' });
  });

  it('refuses while an unfinished purchase uses the card, naming the purchase', async () => {
    const card = await createCard({ holderName: 'Привязанная' });
    const purchase = await createPurchase(ctx.app, admin, { title: 'Детская обувь', cardId: card.id });
    await walkTo(ctx.app, admin, purchase.id, 'open');
    expectError(await remove(card.id), 409, {
      message: 'Карта привязана к закупкам «Детская обувь»: сначала привяжите к ним другую карту',
    });
    expect((await list()).map((c) => c.id)).toContain(card.id);

    // Still refused all the way to distribution; free once the purchase is completed.
    await walkTo(ctx.app, admin, purchase.id, 'distribution');
    expectError(await remove(card.id), 409, { message: /«Детская обувь»/ });
    await walkTo(ctx.app, admin, purchase.id, 'completed');
    expect((await remove(card.id)).statusCode).toBe(200);
  });

  it('a draft binds the card too; a canceled purchase does not', async () => {
    const card = await createCard();
    const draft = await createPurchase(ctx.app, admin, { title: 'Черновик с картой', cardId: card.id });
    expectError(await remove(card.id), 409, {
      message: 'Карта привязана к закупкам «Черновик с картой»: сначала привяжите к ним другую карту',
    });
    await walkTo(ctx.app, admin, draft.id, 'canceled');
    expect((await remove(card.id)).statusCode).toBe(200);
  });

  it('names every purchase that holds the card', async () => {
    const card = await createCard();
    await createPurchase(ctx.app, admin, { title: 'Посуда', cardId: card.id });
    await createPurchase(ctx.app, admin, { title: 'Текстиль', cardId: card.id });
    const body = expectError(await remove(card.id), 409);
    expect(body.message).toMatch(
      /^Карта привязана к закупкам («Посуда», «Текстиль»|«Текстиль», «Посуда»): сначала привяжите к ним другую карту$/,
    );
  });

  it('answers 404 for an unknown card and 400 for a malformed id', async () => {
    expectError(await remove(NIL_UUID), 404, { message: 'Карта не найдена' });
    expectError(await remove('abc'), 400, { field: 'id', message: 'Карта не найдена' });
  });
});
