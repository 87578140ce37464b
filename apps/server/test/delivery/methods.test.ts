import { type DeliveryCity, type DeliveryMethodView, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpClient } from '../fixtures/accounts-kit.js';
import { expectError } from '../fixtures/api-assertions.js';
import { NIL_UUID, type Headers, call, callUnchecked } from '../fixtures/requests.js';
import {
  createDeliveryApp,
  createMethod,
  createMethodOk,
  type DeliveryContext,
  listMethods,
  offeredPoints,
  recipient,
  setPointEnabled,
} from './delivery-kit.js';

/**
 * A client's saved delivery methods: the recipient must be whole, a Boxberry point must be one the
 * shop offers, one method is the default (the first, or the one chosen), and nobody sees another's.
 */

let ctx: DeliveryContext;
const MOSCOW = '68';

beforeAll(async () => {
  ctx = await createDeliveryApp();
});
afterAll(() => ctx.close());

const freshClient = async (): Promise<Headers> => ({ authorization: (await signUpClient(ctx.app)).authorization });

async function moscowPoints() {
  const points = await offeredPoints(ctx.app, ctx.client, MOSCOW);
  expect(points.length).toBeGreaterThanOrEqual(3);
  return points;
}

describe('the recipient', () => {
  it.each([
    ['surname', 'recipient.surname', 'Укажите фамилию получателя'],
    ['name', 'recipient.name', 'Укажите имя получателя'],
    ['phone', 'recipient.phone', 'Укажите телефон'],
  ])('without a %s: 400 naming the field, nothing saved', async (key, field, message) => {
    const who = await freshClient();
    const bad = { ...recipient() } as Record<string, unknown>;
    delete bad[key];
    expectError(await createMethod(ctx.app, who, { kind: 'pickup', recipient: bad }), 400, { field, message });
    expectError(await createMethod(ctx.app, who, { kind: 'pickup', recipient: { ...recipient(), [key]: '   ' } }), 400, { field });
    expect(await listMethods(ctx.app, who)).toEqual([]);
  });

  it('a phone that is no phone: 400', async () => {
    const who = await freshClient();
    expectError(await createMethod(ctx.app, who, { kind: 'pickup', recipient: recipient({ phone: '12-34' }) }), 400, {
      field: 'recipient.phone',
      message: /Телефон указан неверно/,
    });
    expect(await listMethods(ctx.app, who)).toEqual([]);
  });

  it('a valid recipient is saved as typed, the phone normalized', async () => {
    const who = await freshClient();
    const method = await createMethodOk(ctx.app, who, {
      kind: 'pickup',
      recipient: { phone: '+7 (916) 123-45-67', name: ' Пётр ', surname: 'Сидоров' },
    });
    expect(method.recipient).toEqual({ phone: '79161234567', name: 'Пётр', surname: 'Сидоров' });
  });
});

describe('Boxberry points in a method', () => {
  it('an unknown point: 409 on pointCode, nothing saved', async () => {
    const who = await freshClient();
    expectError(await createMethod(ctx.app, who, { kind: 'boxberry', pointCode: '00000', recipient: recipient() }), 409, {
      field: 'pointCode',
      message: 'Пункт выдачи не найден: выберите его из списка',
    });
    expect(await listMethods(ctx.app, who)).toEqual([]);
  });

  it('a point the logistician switched off: 409; switched back on, it can be chosen', async () => {
    const who = await freshClient();
    const [, , point] = await moscowPoints();
    expect((await setPointEnabled(ctx.app, ctx.logistician, point!.code, false)).statusCode).toBe(200);
    try {
      expectError(await createMethod(ctx.app, who, { kind: 'boxberry', pointCode: point!.code, recipient: recipient() }), 409, {
        field: 'pointCode',
        message: 'Магазин больше не отправляет в этот пункт выдачи: выберите другой',
      });
      expect(await listMethods(ctx.app, who)).toEqual([]);
    } finally {
      expect((await setPointEnabled(ctx.app, ctx.logistician, point!.code, true)).statusCode).toBe(200);
    }
    const method = await createMethodOk(ctx.app, who, { kind: 'boxberry', pointCode: point!.code, recipient: recipient() });
    expect(method).toMatchObject({ kind: 'boxberry', point: { code: point!.code, cityCode: MOSCOW }, unavailableReason: null });
  });

  it('a saved method whose point is switched off says so', async () => {
    const who = await freshClient();
    const [, , , point] = await moscowPoints();
    const method = await createMethodOk(ctx.app, who, { kind: 'boxberry', pointCode: point!.code, recipient: recipient() });
    await setPointEnabled(ctx.app, ctx.logistician, point!.code, false);
    try {
      const [listed] = await listMethods(ctx.app, who);
      expect(listed).toMatchObject({
        id: method.id,
        unavailableReason: 'Магазин больше не отправляет в этот пункт выдачи: выберите другой',
      });
    } finally {
      await setPointEnabled(ctx.app, ctx.logistician, point!.code, true);
    }
  });

  it('switching a point off as a client is refused (403)', async () => {
    const [point] = await moscowPoints();
    expectError(await setPointEnabled(ctx.app, ctx.client, point!.code, false), 403);
  });

  it('switching off a point that does not exist: 404', async () => {
    expectError(await setPointEnabled(ctx.app, ctx.logistician, 'NOPE', false), 404, { message: 'Пункт выдачи не найден' });
  });
});

describe('the default method', () => {
  it('the first method becomes the default even when not asked; later ones are not', async () => {
    const who = await freshClient();
    const first = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient(), isDefault: false });
    expect(first.isDefault).toBe(true);
    const [point] = await moscowPoints();
    const second = await createMethodOk(ctx.app, who, { kind: 'boxberry', pointCode: point!.code, recipient: recipient() });
    expect(second.isDefault).toBe(false);
    const listed = await listMethods(ctx.app, who);
    expect(listed.map((m) => [m.id, m.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
  });

  it('makeDefault switches it: exactly one default, listed first', async () => {
    const who = await freshClient();
    const a = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient() });
    const [point] = await moscowPoints();
    const b = await createMethodOk(ctx.app, who, { kind: 'boxberry', pointCode: point!.code, recipient: recipient() });
    const res = await call(ctx.app, endpoints.delivery.makeDefault, { params: { id: b.id }, headers: who });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<DeliveryMethodView[]>();
    expect(after.map((m) => [m.id, m.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect(await listMethods(ctx.app, who)).toEqual(after);
  });

  it('creating with isDefault moves the default to the new method', async () => {
    const who = await freshClient();
    const a = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient() });
    const b = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient({ name: 'Анна' }), isDefault: true });
    const listed = await listMethods(ctx.app, who);
    expect(listed.filter((m) => m.isDefault).map((m) => m.id)).toEqual([b.id]);
    expect(listed.find((m) => m.id === a.id)!.isDefault).toBe(false);
  });

  it('deleting the default makes another method the default; deleting the last leaves none', async () => {
    const who = await freshClient();
    const a = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient() });
    const b = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient({ name: 'Анна' }) });
    const del = await call(ctx.app, endpoints.delivery.deleteMethod, { params: { id: a.id }, headers: who });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect((await listMethods(ctx.app, who)).map((m) => [m.id, m.isDefault])).toEqual([[b.id, true]]);
    expect((await call(ctx.app, endpoints.delivery.deleteMethod, { params: { id: b.id }, headers: who })).statusCode).toBe(200);
    expect(await listMethods(ctx.app, who)).toEqual([]);
  });

  it('deleting a method that is not the default keeps the default where it was', async () => {
    const who = await freshClient();
    const a = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient() });
    const b = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient({ name: 'Анна' }) });
    expect((await call(ctx.app, endpoints.delivery.deleteMethod, { params: { id: b.id }, headers: who })).statusCode).toBe(200);
    expect((await listMethods(ctx.app, who)).map((m) => [m.id, m.isDefault])).toEqual([[a.id, true]]);
  });
});

describe('another client’s method', () => {
  it('is neither listed, nor changed, nor deleted, nor made default: 404', async () => {
    const owner = await freshClient();
    const other = await freshClient();
    const method = await createMethodOk(ctx.app, owner, { kind: 'pickup', recipient: recipient() });
    expect(await listMethods(ctx.app, other)).toEqual([]);
    const body = { kind: 'pickup', recipient: recipient({ name: 'Взломщик' }) };
    expectError(
      await callUnchecked(ctx.app, endpoints.delivery.updateMethod, { params: { id: method.id }, headers: other, body: body }),
      404,
      {
        message: 'Способ доставки не найден',
      },
    );
    expectError(await call(ctx.app, endpoints.delivery.deleteMethod, { params: { id: method.id }, headers: other }), 404);
    expectError(await call(ctx.app, endpoints.delivery.makeDefault, { params: { id: method.id }, headers: other }), 404);
    expect(await listMethods(ctx.app, owner)).toEqual([method]);
  });

  it('an unknown id: 404', async () => {
    const who = await freshClient();
    const body = { kind: 'pickup', recipient: recipient() };
    expectError(await callUnchecked(ctx.app, endpoints.delivery.updateMethod, { params: { id: NIL_UUID }, headers: who, body: body }), 404);
  });

  it('the owner can change their method', async () => {
    const who = await freshClient();
    const method = await createMethodOk(ctx.app, who, { kind: 'pickup', recipient: recipient() });
    const [point] = await moscowPoints();
    const res = await call(ctx.app, endpoints.delivery.updateMethod, {
      params: { id: method.id },
      headers: who,
      body: { kind: 'boxberry', pointCode: point!.code, recipient: recipient({ surname: 'Петрова' }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeliveryMethodView>()).toMatchObject({
      id: method.id,
      kind: 'boxberry',
      isDefault: true,
      recipient: { surname: 'Петрова' },
      point: { code: point!.code },
    });
  });
});

describe('points and cities offered to clients', () => {
  it('a switched-off point disappears from the city’s points; the city’s count drops; on again, it is back', async () => {
    const cities = async () => {
      const res = await call(ctx.app, endpoints.delivery.cities, { headers: ctx.client });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DeliveryCity[]>();
    };
    const before = await moscowPoints();
    const moscowBefore = (await cities()).find((c) => c.code === MOSCOW)!;
    expect(moscowBefore).toMatchObject({ name: 'Москва', pointsCount: before.length });
    const victim = before[1]!;

    const off = await setPointEnabled(ctx.app, ctx.logistician, victim.code, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ code: victim.code, isEnabled: false });
    try {
      const after = await offeredPoints(ctx.app, ctx.client, MOSCOW);
      expect(after.map((p) => p.code)).toEqual(before.filter((p) => p.code !== victim.code).map((p) => p.code));
      expect((await cities()).find((c) => c.code === MOSCOW)!.pointsCount).toBe(before.length - 1);
      // The logistician still sees it, switched off.
      const admin = await call(ctx.app, endpoints.delivery.listPoints, {
        query: { cityCode: MOSCOW, enabled: 'off' },
        headers: ctx.logistician,
      });
      expect(admin.json<{ items: { code: string }[] }>().items.map((p) => p.code)).toContain(victim.code);
    } finally {
      expect((await setPointEnabled(ctx.app, ctx.logistician, victim.code, true)).statusCode).toBe(200);
    }
    expect((await offeredPoints(ctx.app, ctx.client, MOSCOW)).map((p) => p.code)).toEqual(before.map((p) => p.code));
  });

  it('a city whose every point is switched off is not offered at all', async () => {
    const cities = async () => (await call(ctx.app, endpoints.delivery.cities, { headers: ctx.client })).json<DeliveryCity[]>();
    const city = (await cities()).find((c) => c.code !== MOSCOW)!;
    const points = await offeredPoints(ctx.app, ctx.client, city.code);
    expect(points).toHaveLength(city.pointsCount);
    for (const p of points) await setPointEnabled(ctx.app, ctx.logistician, p.code, false);
    try {
      expect((await cities()).map((c) => c.code)).not.toContain(city.code);
      expect(await offeredPoints(ctx.app, ctx.client, city.code)).toEqual([]);
    } finally {
      for (const p of points) await setPointEnabled(ctx.app, ctx.logistician, p.code, true);
    }
    expect((await cities()).map((c) => c.code)).toContain(city.code);
  });
});
