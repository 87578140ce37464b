import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReceivingSheet } from './receiving-sheet';
import { renderInApp, sampleGroup, sampleLine, sampleSheet, stubApi } from '../test/warehouse-test-kit';

const notifications = vi.hoisted(() => ({ show: vi.fn() }));
// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications }));

beforeEach(() => notifications.show.mockClear());
afterEach(() => vi.unstubAllGlobals());

const PRODUCT = 'Ботинки зимние, размер 28, синие';

function setUp() {
  const first = sampleLine({ orderNumber: 101, quantity: 2 });
  const packed = sampleLine({ orderNumber: 102, quantity: 1, arrivedQuantity: 1, fulfilmentStatus: 'packed', isLocked: true });
  const third = sampleLine({ orderNumber: 103, quantity: 3, clientName: 'Сидорова Анна' });
  const sheet = sampleSheet([sampleGroup([first, packed, third])]);
  const calls = stubApi(({ method, path }) => {
    if (path !== `/warehouse/purchases/${sheet.purchase.id}/receiving`) return undefined;
    if (method === 'GET') return { body: sheet };
    return { body: { sheet, arrivedOrdersCount: 2, shortOrdersCount: 1 } };
  });
  renderInApp(<ReceivingSheet purchaseId={sheet.purchase.id} onBack={vi.fn()} />);
  return { calls, first, third };
}

const posts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('ReceivingSheet', () => {
  it('marks a whole product in one request over all its lines not locked by packing', async () => {
    const { calls, first, third } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: `Поступило полностью: ${PRODUCT}` }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({ marks: [{ lineIds: [first.lineId, third.lineId], arrivedQuantity: 5 }] });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Приёмка сохранена: 2 заказа приняты до конца, из них с недостачей — 1. Клиентам отправлены сообщения о поступлении',
        }),
      ),
    );
  });

  it('sends the typed number of units for the product, and nothing above what its open lines expect', async () => {
    const { calls, first, third } = setUp();
    const field = await screen.findByRole('textbox', { name: `Поступило, шт.: ${PRODUCT}` });
    const save = screen.getByRole('button', { name: `Сохранить: ${PRODUCT}` });
    fireEvent.change(field, { target: { value: '6' } });
    expect(screen.getByText('Не больше 5')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: '4' } });
    fireEvent.click(save);
    await waitFor(() => expect(posts(calls)).toEqual([{ marks: [{ lineIds: [first.lineId, third.lineId], arrivedQuantity: 4 }] }]));
  });

  it('opens a product to its orders’ lines, marks one line, and shows a packed one locked', async () => {
    const { calls, third } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: `Заказы с товаром: ${PRODUCT}` }));
    expect(screen.getByText('Сидорова Анна')).toBeTruthy();
    expect(screen.getByText('Заказ упакован: приёмка не меняется')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Не поступило: ${PRODUCT}, заказ № 102` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Не поступило: ${PRODUCT}, заказ № 103` }));
    await waitFor(() => expect(posts(calls)).toEqual([{ marks: [{ lineIds: [third.lineId], arrivedQuantity: 0 }] }]));
  });
});
