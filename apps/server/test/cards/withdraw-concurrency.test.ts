import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { type CardJson, createPurchase } from '../fixtures/purchases-kit.js';

/**
 * Binding a card to a purchase and switching the card off at the same moment: without locks both
 * checks passed (the purchase saw the card on, the card saw no purchase) and the purchase ended up
 * sending transfers to a card that is off. Whichever comes second must see the first.
 */

const ROUNDS = 20;

describe.skipIf(!isPostgresRun)('a card switched off while a purchase binds it (PostgreSQL only: PGlite never overlaps requests)', () => {
  let ctx: TestContext;
  let admin: Headers;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
  });
  afterAll(() => ctx?.close());

  it(`${ROUNDS} races: never a purchase in progress bound to a card that is off`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const cardRes = await call(ctx.app, endpoints.cards.create, {
        headers: admin,
        body: { bank: 'Сбербанк', holderName: `Гонка ${round}`, number: '4111111111111111' },
      });
      const card = cardRes.json<CardJson>();
      const purchase = await createPurchase(ctx.app, admin, { title: `Гонка ${round}` });
      const [bind, off] = await Promise.all([
        call(ctx.app, endpoints.purchases.update, { params: { id: purchase.id }, headers: admin, body: { cardId: card.id } }),
        call(ctx.app, endpoints.cards.update, { params: { id: card.id }, headers: admin, body: { isActive: false } }),
      ]);
      // Either the binding came first and switching off was refused, or the other way round.
      expect(`${bind.statusCode}/${off.statusCode}`, `${bind.body} ${off.body}`).toBe(bind.statusCode === 200 ? '200/409' : '400/200');
      const stored = await call(ctx.app, endpoints.purchases.get, { params: { id: purchase.id }, headers: admin });
      const cards = (await call(ctx.app, endpoints.cards.list, { headers: admin })).json<CardJson[]>();
      const isOn = cards.find((c) => c.id === card.id)!.isActive;
      expect(stored.json<{ cardId: string | null }>().cardId === card.id && !isOn).toBe(false);
    }
  });

  it(`${ROUNDS} races of a new purchase made with the card: never one bound to a card that is off`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const card = (
        await call(ctx.app, endpoints.cards.create, {
          headers: admin,
          body: { bank: 'Сбербанк', holderName: `Новая ${round}`, number: '4111111111111111' },
        })
      ).json<CardJson>();
      const [created, off] = await Promise.all([
        call(ctx.app, endpoints.purchases.create, { headers: admin, body: { title: `Новая ${round}`, cardId: card.id } }),
        call(ctx.app, endpoints.cards.update, { params: { id: card.id }, headers: admin, body: { isActive: false } }),
      ]);
      expect(`${created.statusCode}/${off.statusCode}`, `${created.body} ${off.body}`).toBe(
        created.statusCode === 201 ? '201/409' : '400/200',
      );
    }
  });
});
