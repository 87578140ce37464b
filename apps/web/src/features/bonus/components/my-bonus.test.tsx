import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, sampleEntry, sampleMyBonus, SPACE, stubApi } from '../test/bonus-test-kit';
import { MyBonusHistory } from './my-bonus-history';
import { MyBonusOverview } from './my-bonus-overview';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

describe('the client’s bonus page', () => {
  it('shows the balance, what expires, the terms, the invitation link and the friends', async () => {
    stubApi(({ path }) => (path === '/bonus/my' ? { body: sampleMyBonus() } : undefined));
    renderInApp(<MyBonusOverview />, { path: '/personal/bonus' });

    const balance = await screen.findByTestId('bonus-balance');
    expect(balance.textContent).toMatch(new RegExp(`1${SPACE}234,56${SPACE}₽`));
    // 21:30 UTC on the 11th is already the 12th in Moscow.
    expect(within(balance).getByTestId('bonus-expiring').textContent).toMatch(new RegExp(`^500,00${SPACE}₽ сгорят 12\\.12\\.2026$`));

    const terms = screen.getByTestId('bonus-terms');
    expect(terms.textContent).toMatch(/7,5\s%\sот суммы заказа/);
    expect(within(terms).getByText('индивидуальный')).toBeTruthy();
    expect(terms.textContent).toContain('Когда заказ получен');
    expect(terms.textContent).toMatch(/до 30\s% суммы оплаты/);

    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Реферальная ссылка' }).value).toBe(
      `${window.location.origin}/signup?ref=FRIEND42`,
    );
    expect(screen.getByRole('button', { name: 'Копировать' })).toBeTruthy();
    expect(screen.getByTestId('referral-stats').textContent).toMatch(
      new RegExp(`^Приглашено друзей: 3\\. За заказы друзей начислено 123,00${SPACE}₽\\.$`),
    );
  });

  it('shows a balance below zero as a debt, with why and how it goes away', async () => {
    stubApi(({ path }) => (path === '/bonus/my' ? { body: sampleMyBonus({ balanceKopecks: -1_000, expiring: null }) } : undefined));
    renderInApp(<MyBonusOverview />, { path: '/personal/bonus' });

    const balance = await screen.findByTestId('bonus-balance');
    expect(balance.textContent).toContain('Долг по бонусам');
    expect(balance.textContent).toMatch(new RegExp(`Долг по бонусам10,00${SPACE}₽`));
    expect(balance.textContent).not.toContain('−');
    expect(balance.textContent).toContain('Долг погасится из следующих начислений');
  });

  it('says nothing of expiry or a custom percent when there is none, and what one friend’s orders brought', async () => {
    stubApi(({ path }) =>
      path === '/bonus/my'
        ? {
            body: sampleMyBonus({
              expiring: null,
              isCustomPercent: false,
              referral: { code: 'X', referralPercent: 3, friendsCount: 1, earnedKopecks: 5_000 },
            }),
          }
        : undefined,
    );
    renderInApp(<MyBonusOverview />, { path: '/personal/bonus' });
    expect((await screen.findByTestId('referral-stats')).textContent).toMatch(/^Приглашено друзей: 1\. За заказы друга начислено 50,00/);
    // The referral bonus comes with cashback, on delivery by default — not «when he pays».
    expect(screen.getByText(/Бонусы начисляются, когда друг получает оплаченный заказ\./)).toBeTruthy();
    expect(screen.queryByTestId('bonus-expiring')).toBeNull();
    expect(screen.queryByText('индивидуальный')).toBeNull();
  });

  it('lists the history with signed amounts, where each came from and what could not be taken back', async () => {
    const calls = stubApi(({ path }) =>
      path === '/bonus/my/history'
        ? {
            body: {
              items: [
                sampleEntry({ at: '2026-03-02T09:05:00.000Z' }),
                sampleEntry({
                  kind: 'reversal',
                  amountKopecks: -2_000,
                  writtenOffKopecks: 3_000,
                  description: 'Возврат по заказу №12: кешбэк отменён',
                  paymentNumber: null,
                }),
                sampleEntry({
                  kind: 'manual',
                  amountKopecks: 10_000,
                  description: 'Ручное начисление',
                  comment: 'Победа в конкурсе',
                  orderNumber: null,
                  paymentNumber: null,
                }),
              ],
              total: 3,
            },
          }
        : undefined,
    );
    renderInApp(<MyBonusHistory />, { path: '/personal/bonus' });

    const table = await screen.findByTestId('bonus-history');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('02.03.2026, 12:05');
    expect(rows[0]!.textContent).toContain('Кешбэк 5 % за заказ №12');
    expect(rows[0]!.textContent).toContain('Заказ № 12 · Оплата № 7');
    expect(rows[0]!.textContent).toMatch(new RegExp(`\\+150,00${SPACE}₽`));
    expect(rows[1]!.textContent).toMatch(new RegExp(`−20,00${SPACE}₽`));
    expect(within(rows[1]!).getByTestId('written-off').textContent).toMatch(
      new RegExp(`^Списать не удалось 30,00${SPACE}₽: бонусов на счёте не хватило, эту сумму магазин списал в убыток\\.$`),
    );
    expect(rows[2]!.textContent).toContain('«Победа в конкурсе»');
    expect(Object.fromEntries(calls.find((c) => c.path === '/bonus/my/history')!.query)).toEqual({ page: '1', pageSize: '20' });
  });

  it('tells an empty history in words', async () => {
    stubApi(({ path }) => (path === '/bonus/my/history' ? { body: { items: [], total: 0 } } : undefined));
    renderInApp(<MyBonusHistory />, { path: '/personal/bonus' });
    expect((await screen.findByTestId('bonus-history-empty')).textContent).toMatch(/^Операций пока нет/);
  });
});
