import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_LABEL, WarehouseSearchDesk } from './warehouse-search-desk';
import { pressEnter, renderInApp, sampleClient, sampleParcel, stubApi } from '../test/warehouse-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const isAllSelected = (input: HTMLInputElement) => input.selectionStart === 0 && input.selectionEnd === input.value.length;

describe('WarehouseSearchDesk', () => {
  it('keeps the focus in the field with its text selected after each search, so the next scan replaces it', async () => {
    const client = sampleClient({ parcels: [sampleParcel({ number: 7, barcode: '290000000007' })] });
    const calls = stubApi(({ path, query }) =>
      path === '/warehouse/search'
        ? { body: query.get('q') === '290000000007' ? { matchedBy: 'parcel', clients: [client] } : { matchedBy: 'order', clients: [] } }
        : undefined,
    );
    renderInApp(<WarehouseSearchDesk />);
    const input = screen.getByRole('textbox', { name: SEARCH_LABEL }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: '290000000007' } });
    pressEnter(input);
    expect(await screen.findByRole('heading', { name: 'Иванова Мария' })).toBeTruthy();
    expect(calls.map((c) => c.query.get('q'))).toEqual(['290000000007']);
    expect(document.activeElement).toBe(input);
    expect(isAllSelected(input)).toBe(true);

    // The next scan: the scanner's text replaces the selection and its Enter searches again.
    fireEvent.change(input, { target: { value: '555' } });
    pressEnter(input);
    expect(await screen.findByText('Ничего не найдено по «555»')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('555');
    expect(isAllSelected(input)).toBe(true);
  });

  it('asks the server again when the same code is scanned twice', async () => {
    const calls = stubApi(({ path }) => (path === '/warehouse/search' ? { body: { matchedBy: 'nothing', clients: [] } } : undefined));
    renderInApp(<WarehouseSearchDesk />);
    const input = screen.getByRole('textbox', { name: SEARCH_LABEL }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'абв' } });
    pressEnter(input);
    await screen.findByText('Ничего не найдено по «абв»');
    pressEnter(input);
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('sends nothing for an empty field and says what to type', async () => {
    const calls = stubApi(() => undefined);
    renderInApp(<WarehouseSearchDesk />);
    const input = screen.getByRole('textbox', { name: SEARCH_LABEL }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '   ' } });
    pressEnter(input);
    expect(await screen.findByText('Введите номер заказа, телефон или отсканируйте штрихкод')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('moves a digit typed outside any field into the search, so a scan never presses a focused button', () => {
    stubApi(() => undefined);
    renderInApp(
      <>
        <button type="button">Готово к выдаче</button>
        <WarehouseSearchDesk />
      </>,
    );
    const input = screen.getByRole('textbox', { name: SEARCH_LABEL }) as HTMLInputElement;
    const button = screen.getByRole('button', { name: 'Готово к выдаче' });
    button.focus();
    fireEvent.keyDown(button, { key: '2' });
    expect(document.activeElement).toBe(input);
  });

  it('shows the client with masked phone, their orders, the packing form and the parcels with actions', async () => {
    const client = sampleClient({
      orders: [
        { ...sampleClient().orders[0]!, number: 101 },
        {
          ...sampleClient().orders[0]!,
          number: 102,
          isPackable: false,
          dueKopecks: 123_456,
          refundDueKopecks: 50_000,
          notPackableReason: 'Не оплачен: к оплате 1 234,56 ₽',
        },
      ],
      parcels: [sampleParcel({ number: 7, status: 'ready_for_pickup' })],
    });
    stubApi(({ path }) => (path === '/warehouse/search' ? { body: { matchedBy: 'phone', clients: [client] } } : undefined));
    renderInApp(<WarehouseSearchDesk />, { path: '/storekeeper/home?q=79000000004' });
    expect(await screen.findByRole('heading', { name: 'Иванова Мария' })).toBeTruthy();
    expect(screen.getByText('+7 (900) 000-**-**')).toBeTruthy();
    expect(screen.getByText('Не оплачен: к оплате 1 234,56 ₽')).toBeTruthy();
    expect(screen.getByText('К возврату 500,00 ₽')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Заказ № 101/ })).toHaveProperty('checked', true);
    expect(screen.queryByRole('checkbox', { name: /Заказ № 102/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Выдать: посылка № 7' })).toBeTruthy();
    // Already on the shelf: «Готово к выдаче» is not offered again.
    expect(screen.queryByRole('button', { name: 'Готово к выдаче: посылка № 7' })).toBeNull();
  });
});
