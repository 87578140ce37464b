import type { ImportResult } from '@vmeste/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { ImportOrdersModal } from './import-orders-modal';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const preview: ImportResult = {
  isApplied: false,
  rowsCount: 1,
  errorsCount: 0,
  rows: [],
  orders: [
    {
      phone: '79991234567',
      clientName: 'Иванова Мария',
      accountName: null,
      linesCount: 1,
      goodsKopecks: 100_000,
      organizerFeeKopecks: 0,
      totalKopecks: 100_000,
    },
  ],
  goodsKopecks: 100_000,
  totalKopecks: 100_000,
  linesAdded: 1,
  linesChanged: 0,
  linesUnchanged: 0,
};

describe('ImportOrdersModal', () => {
  it('shows the clients’ phones in the one format of staff pages', async () => {
    stubApi((call) => (call.method === 'POST' ? { body: preview } : undefined));
    renderInApp(<ImportOrdersModal purchaseId="00000000-0000-4000-8000-0000000000a1" opened onClose={() => {}} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'orders.csv', { type: 'text/csv' })] } });
    const table = await screen.findByTestId('import-preview');
    expect(within(table).getByText('+7 (999) 123-45-67')).toBeTruthy();
    expect(within(table).queryByText('79991234567')).toBeNull();
  });
});
