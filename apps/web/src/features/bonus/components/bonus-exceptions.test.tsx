import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CashbackPurchase, CustomRate } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BonusExceptions } from './bonus-exceptions';
import { renderInApp, stubApi, uuid } from '../test/bonus-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const purchase: CashbackPurchase = {
  id: uuid(),
  title: 'Зимняя обувь «Топотушки»',
  supplier: 'Топотушки',
  status: 'payment',
  isCashbackExcluded: false,
  createdAt: '2026-02-01T09:00:00.000Z',
};

const rate: CustomRate = {
  userId: uuid(),
  phone: '79001234567',
  name: 'Иванова Мария',
  percent: 10,
  updatedAt: '2026-02-10T09:00:00.000Z',
};

describe('BonusExceptions', () => {
  it('switches a purchase out of the cashback and filters to the excluded ones', async () => {
    let stored = purchase;
    const calls = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/bonus/exceptions/purchases') return { body: { items: [stored], total: 1 } };
      if (method === 'PUT' && path === `/bonus/exceptions/purchases/${purchase.id}`) {
        stored = { ...purchase, isCashbackExcluded: (body as { isExcluded: boolean }).isExcluded };
        return { body: stored };
      }
      return undefined;
    });
    renderInApp(<BonusExceptions />, { path: '/admin/bonus/exception' });

    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: `Без кешбэка: ${purchase.title}` });
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ isExcluded: true });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: `Без кешбэка: ${purchase.title}` }).checked).toBe(true),
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Только исключённые' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/bonus/exceptions/purchases' && c.query.get('onlyExcluded') === 'true')).toBe(true),
    );
  });

  it('removes a client’s own percent only after a confirmation, with percent null', async () => {
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/bonus/exceptions/clients') return { body: [rate] };
      if (method === 'POST' && path === '/users/custom-cashback') return { body: { phone: rate.phone, percent: null } };
      return undefined;
    });
    renderInApp(<BonusExceptions />, { path: '/admin/bonus/exception?tab=clients' });

    fireEvent.click(await screen.findByRole('button', { name: 'Убрать: Иванова Мария' }));
    const dialog = await screen.findByRole('dialog', { name: 'Убрать индивидуальный кешбэк?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ phone: '79001234567', percent: null });
  });

  it('adds a client by phone with a percent', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/bonus/exceptions/clients') return { body: [] };
      if (method === 'POST' && path === '/users/custom-cashback')
        return { body: { phone: '79007654321', percent: (body as { percent: number }).percent } };
      return undefined;
    });
    renderInApp(<BonusExceptions />, { path: '/admin/bonus/exception?tab=clients' });

    expect(await screen.findByText('Клиентов с индивидуальным кешбэком нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить клиента' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Телефон клиента/), { target: { value: '9007654321' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Кешбэк, %/ }), { target: { value: '12,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ phone: '+7 (900) 765-43-21', percent: 12.5 });
  });
});
