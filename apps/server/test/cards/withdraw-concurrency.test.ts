import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import type { Headers } from '../fixtures/requests.js';
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
      const cardRes = await ctx.app.inject({
        method: 'POST',
        url: '/api/cards',
        headers: admin,
        payload: { bank: 'Сбербанк', holderName: `Гонка ${round}`, number: '4111111111111111' },
      });
      const card = cardRes.json<CardJson>();
      const purchase = await createPurchase(ctx.app, admin, { title: `Гонка ${round}` });
      const [bind, off] = await Promise.all([
        ctx.app.inject({ method: 'PATCH', url: `/api/purchases/${purchase.id}`, headers: admin, payload: { cardId: card.id } }),
        ctx.app.inject({ method: 'PATCH', url: `/api/cards/${card.id}`, headers: admin, payload: { isActive: false } }),
      ]);
      // Either the binding came first and switching off was refused, or the other way round.
      expect(`${bind.statusCode}/${off.statusCode}`, `${bind.body} ${off.body}`).toBe(bind.statusCode === 200 ? '200/409' : '400/200');
      const stored = await ctx.app.inject({ method: 'GET', url: `/api/purchases/${purchase.id}`, headers: admin });
      const cards = (await ctx.app.inject({ method: 'GET', url: '/api/cards', headers: admin })).json<CardJson[]>();
      const isOn = cards.find((c) => c.id === card.id)!.isActive;
      expect(stored.json<{ cardId: string | null }>().cardId === card.id && !isOn).toBe(false);
    }
  });

  it(`${ROUNDS} races of a new purchase made with the card: never one bound to a card that is off`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const card = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/cards',
          headers: admin,
          payload: { bank: 'Сбербанк', holderName: `Новая ${round}`, number: '4111111111111111' },
        })
      ).json<CardJson>();
      const [created, off] = await Promise.all([
        ctx.app.inject({ method: 'POST', url: '/api/purchases', headers: admin, payload: { title: `Новая ${round}`, cardId: card.id } }),
        ctx.app.inject({ method: 'PATCH', url: `/api/cards/${card.id}`, headers: admin, payload: { isActive: false } }),
      ]);
      expect(`${created.statusCode}/${off.statusCode}`, `${created.body} ${off.body}`).toBe(
        created.statusCode === 201 ? '201/409' : '400/200',
      );
    }
  });
});
