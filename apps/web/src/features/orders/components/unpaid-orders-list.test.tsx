import type { DeliveryInvoice, MyBonus, PublicSettings } from '@vmeste/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInApp, samplePublicSettings, stubApi } from '@/lib/test-api';
import { sampleDeliveryInvoice, samplePayment } from '@/test/samples';
import { UnpaidOrdersList } from './unpaid-orders-list';
import { sampleOrder } from '../test/orders-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const SPACE = '[\\s\\u00a0\\u202f]';

const settings: PublicSettings = samplePublicSettings({
  paymentProvider: 'yookassa',
  pickupAddress: 'Москва, ул. Складская, д. 1',
  pickupHours: 'пн–пт 10:00–19:00',
  isAddressSuggestEnabled: true,
});

const order = sampleOrder();

function invoice(overrides: Partial<DeliveryInvoice>): DeliveryInvoice {
  return sampleDeliveryInvoice({ orderNumbers: [99], ...overrides });
}

const unpaid = invoice({});
const held = invoice({ id: '00000000-0000-4000-8000-0000000000b2', number: 6, parcelNumber: 13, isInPayment: true, dueKopecks: 40_000 });
const paid = invoice({ id: '00000000-0000-4000-8000-0000000000b3', number: 4, status: 'paid', paidKopecks: 35_000, dueKopecks: 0 });

function stubCabinet(invoices: DeliveryInvoice[]): ApiCall[] {
  return stubApi((call) => {
    if (call.path === '/settings/public') return { body: settings };
    if (call.path === '/orders/my') return { body: [order] };
    if (call.path === '/payments/my') return { body: [] };
    if (call.path === '/delivery/invoices/my') return { body: invoices };
    if (call.method === 'POST' && call.path === '/payments') return { status: 201, body: { payments: [], redirectUrl: null } };
    return undefined;
  });
}

const transfer = () => screen.getByRole<HTMLInputElement>('radio', { name: /Переводом на карту/ });
const reason = 'Счёт за доставку оплачивается картой онлайн или через СБП';

describe('UnpaidOrdersList with delivery invoices', () => {
  it('adds the unpaid invoices to the sum, pays them online only and sends their ids with the orders', async () => {
    const calls = stubCabinet([unpaid, held, paid]);
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });

    const section = await screen.findByTestId('delivery-invoices');
    expect(within(section).getByText('Доставка')).toBeTruthy();
    // The paid one is not due; the held one is shown, marked and cannot be picked.
    expect(within(section).getAllByTestId('delivery-invoice')).toHaveLength(2);
    expect(within(section).getByText(/Счёт № 5 · посылка № 12/)).toBeTruthy();
    expect(within(section).getAllByText('Заказ № 99 · 1,25 кг')).toHaveLength(2);
    expect(within(section).getByText('В оплате')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Выбрать счёт за доставку № 6' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Выбрать счёт за доставку № 5' }).checked).toBe(true);

    expect(screen.getByTestId('due-total').textContent).toMatch(
      /^К оплате 1\s750,00\s₽: 1 заказ и 2 счёта за доставку, из них в начатой оплате: 1 счёт за доставку\.$/,
    );
    expect(screen.getByTestId('selected-sum').textContent).toMatch(/^Выбран 1 заказ и 1 счёт за доставку на 1\s350,00\s₽$/);
    expect(transfer().disabled).toBe(true);
    expect(screen.getByText(reason)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/payments')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/payments')!.body).toEqual({
      orderIds: [order.id],
      invoiceIds: [unpaid.id],
      method: 'card',
    });
  });

  it('offers the transfer again once no invoice is picked', async () => {
    const calls = stubCabinet([unpaid]);
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать счёт за доставку № 5' }));
    expect(screen.getByTestId('selected-sum').textContent).toMatch(/^Выбран 1 заказ на 1\s000,00\s₽$/);
    expect(transfer().disabled).toBe(false);
    expect(screen.queryByText(reason)).toBeNull();

    fireEvent.click(transfer());
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/payments')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/payments')!.body).toEqual({
      orderIds: [order.id],
      invoiceIds: [],
      method: 'transfer',
    });
  });

  it('pays an invoice alone when there is no order to pay', async () => {
    stubApi((call) => {
      if (call.path === '/settings/public') return { body: settings };
      if (call.path === '/orders/my' || call.path === '/payments/my') return { body: [] };
      if (call.path === '/delivery/invoices/my') return { body: [unpaid] };
      return undefined;
    });
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });
    expect((await screen.findByTestId('selected-sum')).textContent).toMatch(/^Выбран 1 счёт за доставку на 350,00\s₽$/);
    expect(screen.queryByText(/Всё оплачено/)).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const paidByBonus = samplePayment({ id: '00000000-0000-4000-8000-0000000000d1', method: 'bonus', bonusKopecks: 100_000 });

function stubBonusCabinet(bonus: Pick<MyBonus, 'balanceKopecks' | 'spendCapPercent'>): ApiCall[] {
  return stubApi((call) => {
    if (call.path === '/settings/public') return { body: settings };
    if (call.path === '/orders/my') return { body: [order] };
    if (call.path === '/payments/my' || call.path === '/delivery/invoices/my') return { body: [] };
    if (call.path === '/bonus/my') {
      const referral = { code: 'X', referralPercent: 3, friendsCount: 0, earnedKopecks: 0 };
      return { body: { expiring: null, cashbackPercent: 5, isCustomPercent: false, creditOn: 'delivery', referral, ...bonus } };
    }
    if (call.method === 'POST' && call.path === '/payments') {
      const isWhole = (call.body as { bonusKopecks?: number }).bonusKopecks === order.dueKopecks;
      return { status: 201, body: { payments: isWhole ? [paidByBonus] : [], redirectUrl: isWhole ? null : 'about:blank' } };
    }
    return undefined;
  });
}

const paymentBody = (calls: ApiCall[]) => calls.find((c) => c.method === 'POST' && c.path === '/payments')?.body;

describe('UnpaidOrdersList with bonuses', () => {
  it('spends the balance up to the limit, pays the rest by card and no longer offers a transfer', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const calls = stubBonusCabinet({ balanceKopecks: 30_000, spendCapPercent: 50 });
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });

    const spend = await screen.findByTestId('bonus-spend');
    expect(spend.textContent).toMatch(new RegExp(`На счёте 300,00${SPACE}₽, можно списать до 300,00${SPACE}₽`));
    expect(transfer().disabled).toBe(false);
    fireEvent.click(within(spend).getByRole('switch', { name: /Списать бонусы/ }));

    expect(within(spend).getByRole<HTMLInputElement>('textbox', { name: 'Сколько списать, ₽' }).value).toBe('300');
    expect(screen.getByTestId('rest-to-pay').textContent).toMatch(new RegExp(`^К оплате картой: 700,00${SPACE}₽$`));
    expect(transfer().disabled).toBe(true);
    expect(screen.getByText('Если часть суммы оплачивается бонусами, остаток — только картой онлайн или через СБП')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(paymentBody(calls)).toBeDefined());
    expect(paymentBody(calls)).toEqual({ orderIds: [order.id], invoiceIds: [], method: 'card', bonusKopecks: 30_000 });
  });

  it('takes no more than the programme’s share of the sum, however much is typed', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const calls = stubBonusCabinet({ balanceKopecks: 500_000, spendCapPercent: 30 });
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });

    const spend = await screen.findByTestId('bonus-spend');
    expect(spend.textContent).toMatch(new RegExp(`можно списать до 300,00${SPACE}₽ \\(бонусами — не больше 30\\s% суммы\\)`));
    fireEvent.click(within(spend).getByRole('switch', { name: /Списать бонусы/ }));
    const amount = within(spend).getByRole<HTMLInputElement>('textbox', { name: 'Сколько списать, ₽' });
    fireEvent.change(amount, { target: { value: '800' } });
    expect(screen.getByTestId('rest-to-pay').textContent).toMatch(new RegExp(`^К оплате картой: 700,00${SPACE}₽$`));
    fireEvent.change(amount, { target: { value: '120,5' } });
    expect(screen.getByTestId('rest-to-pay').textContent).toMatch(new RegExp(`^К оплате картой: 879,50${SPACE}₽$`));

    fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(paymentBody(calls)).toBeDefined());
    expect((paymentBody(calls) as { bonusKopecks: number }).bonusKopecks).toBe(12_050);
  });

  it('pays wholly by bonuses when they cover the sum and opens the payment’s result', async () => {
    const calls = stubBonusCabinet({ balanceKopecks: 250_000, spendCapPercent: 100 });
    renderInApp(
      <>
        <UnpaidOrdersList />
        <Where />
      </>,
      { path: '/personal/orders/unpaid' },
    );

    fireEvent.click(within(await screen.findByTestId('bonus-spend')).getByRole('switch', { name: /Списать бонусы/ }));
    expect(screen.getByTestId('paid-by-bonus')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Картой онлайн/ })).toBeNull();
    expect(screen.queryByTestId('rest-to-pay')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить бонусами' }));

    await waitFor(() => expect(paymentBody(calls)).toBeDefined());
    expect(paymentBody(calls)).toEqual({ orderIds: [order.id], invoiceIds: [], method: 'card', bonusKopecks: 100_000 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/payment-result?payment=${paidByBonus.id}`));
  });

  it('offers nothing when the client has no bonuses', async () => {
    stubBonusCabinet({ balanceKopecks: 0, spendCapPercent: 30 });
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });
    expect(await screen.findByRole('button', { name: 'Оплатить' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('bonus-spend')).toBeNull());
  });

  it('announces that the orders are loading, as a status a screen reader reads', async () => {
    stubCabinet([]);
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });
    expect(await screen.findByRole('status', { name: 'Загрузка заказов' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Оплатить' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Загрузка заказов' })).toBeNull();
  });
});

describe('UnpaidOrdersList with a payment started', () => {
  it('says how many of the orders due are in a payment already started', async () => {
    const started = sampleOrder({ id: '00000000-0000-4000-8000-0000000000c2', number: 8, openPaymentStatus: 'pending' });
    stubApi((call) => {
      if (call.path === '/settings/public') return { body: settings };
      if (call.path === '/orders/my') return { body: [order, started] };
      if (call.path === '/payments/my') return { body: [] };
      if (call.path === '/delivery/invoices/my') return { body: [] };
      return undefined;
    });
    renderInApp(<UnpaidOrdersList />, { path: '/personal/orders/unpaid' });

    const total = await screen.findByTestId('due-total');
    expect(total.textContent).toMatch(
      new RegExp(`^К оплате [\\d${SPACE.slice(1, -1)}]+,\\d\\d${SPACE}₽: 2 заказа, из них в начатой оплате: 1 заказ\\.$`),
    );
  });
});
