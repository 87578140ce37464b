import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Passwords from '../../src/areas/accounts/passwords.js';
import { passwordResets, users } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { lastOutboxMessage, resetLinkIdOf, sha256, signUpClient } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * Reset-password checks its link before it runs argon2 (issue 24, item 9): a flood of dead links
 * must not buy a hash each. The password module is wrapped to count the hashes the service asks for.
 */

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/areas/accounts/passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

const INVALID_LINK = 'Ссылка для сброса пароля недействительна или устарела. Запросите новую';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => {
  hashes.count = 0;
});

async function freshLink(): Promise<{ id: string; phone: string }> {
  const { phone } = await signUpClient(ctx.app);
  const asked = await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
  expect(asked.statusCode).toBe(200);
  return { id: resetLinkIdOf(await lastOutboxMessage(ctx.app, phone, 'password_reset')), phone };
}

const resetPassword = (id: string) => call(ctx.app, endpoints.auth.resetPassword, { body: { id, password: 'flood-pass-1' } });

/** A dead link: the Russian 400, and not one hash made for it. */
async function expectDeadWithoutHash(id: string) {
  hashes.count = 0;
  expectError(await resetPassword(id), 400, { message: INVALID_LINK, field: 'id' });
  expect(hashes.count).toBe(0);
}

describe('reset-password with a dead link', () => {
  it('an unknown link is refused without hashing', async () => {
    for (let i = 0; i < 5; i += 1) await expectDeadWithoutHash(`no-such-link-${i}`);
  });

  it('a used link is refused without hashing; a live one hashes once', async () => {
    const { id } = await freshLink();
    hashes.count = 0;
    expect((await resetPassword(id)).statusCode).toBe(200);
    expect(hashes.count).toBe(1);
    await expectDeadWithoutHash(id);
  });

  it('an expired link is refused without hashing', async () => {
    const { id } = await freshLink();
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, sha256(id)));
    await expectDeadWithoutHash(id);
  });

  it('a link of an account that may not sign in is refused without hashing', async () => {
    const { id, phone } = await freshLink();
    // Only the account's flag, not the links: the check itself must look at the account.
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.phone, phone));
    await expectDeadWithoutHash(id);
  });
});
