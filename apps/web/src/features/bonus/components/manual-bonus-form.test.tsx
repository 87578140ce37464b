import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BonusClient } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, sampleEntry, SPACE, stubApi, uuid } from '../test/bonus-test-kit';
import { ManualBonusForm } from './manual-bonus-form';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.show.mockClear();
});

const client: BonusClient = {
  userId: uuid(),
  phone: '79001234567',
  name: 'Иванова Мария',
  balanceKopecks: 40_000,
  customPercent: null,
  recent: [sampleEntry({ description: 'Кешбэк 5 % за заказ №12' })],
};

const typePhone = (digits: string) => fireEvent.input(screen.getByLabelText(/Телефон клиента/), { target: { value: digits } });

describe('ManualBonusForm', () => {
  it('finds the client once the phone is whole and debits with a minus', async () => {
    const calls = stubApi(({ method, path, query, body }) => {
      if (method === 'GET' && path === '/bonus/client') return query.get('phone') === '79001234567' ? { body: client } : undefined;
      if (method === 'POST' && path === '/bonus/manual')
        return { status: 201, body: sampleEntry({ kind: 'manual', amountKopecks: (body as { amountKopecks: number }).amountKopecks }) };
      return undefined;
    });
    renderInApp(<ManualBonusForm />, { path: '/admin/bonus/hand-calculation' });

    typePhone('900123');
    expect(calls.some((c) => c.path === '/bonus/client')).toBe(false);
    typePhone('9001234567');
    const card = await screen.findByTestId('bonus-client');
    expect(card.textContent).toContain('Иванова Мария');
    expect(card.textContent).toMatch(new RegExp(`400,00${SPACE}₽`));
    expect(card.textContent).toContain('Кешбэк 5 % за заказ №12');

    fireEvent.click(screen.getByRole('radio', { name: 'Списать' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Сумма, ₽/ }), { target: { value: '150,5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Комментарий/ }), { target: { value: 'Ошибочное начисление' } });
    fireEvent.click(screen.getByRole('button', { name: 'Списать бонусы' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      phone: '+7 (900) 123-45-67',
      amountKopecks: -15_050,
      comment: 'Ошибочное начисление',
    });
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green' })));
  });

  it('shows the admin a client’s debt as a debt, not as a minus', async () => {
    stubApi(({ method, path }) =>
      method === 'GET' && path === '/bonus/client' ? { body: { ...client, balanceKopecks: -1_000 } } : undefined,
    );
    renderInApp(<ManualBonusForm />, { path: '/admin/bonus/hand-calculation' });
    typePhone('9001234567');
    const card = await screen.findByTestId('bonus-client');
    expect(card.textContent).toMatch(new RegExp(`Долг по бонусам10,00${SPACE}₽`));
    expect(card.textContent).not.toContain('Баланс');
  });

  it('says when nobody has the phone and asks for the comment', async () => {
    const calls = stubApi(({ path }) =>
      path === '/bonus/client' ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Клиент не найден' } } : undefined,
    );
    renderInApp(<ManualBonusForm />, { path: '/admin/bonus/hand-calculation' });
    typePhone('9001234567');
    expect((await screen.findByTestId('bonus-client-missing')).textContent).toMatch(/^Клиент не найден/);

    fireEvent.change(screen.getByRole('textbox', { name: /Сумма, ₽/ }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Начислить бонусы' }));
    expect(await screen.findByText('Напишите комментарий: клиент увидит его в истории')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
