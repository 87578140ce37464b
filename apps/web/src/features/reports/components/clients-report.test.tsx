import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { ClientReportWeek } from '@vmeste/contract';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/lib/download';
import { ClientsReport } from './clients-report';
import {
  type ApiCall,
  moneyPattern,
  PURCHASE_ID,
  renderInApp,
  sampleCharts,
  samplePage,
  sampleRow,
  stubApi,
} from '../test/reports-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
vi.mock('@/lib/download', () => ({ saveBlob: vi.fn() }));
// jsdom lays nothing out, so recharts would draw empty boxes; the charts get their weeks and that is all.
vi.mock('./weekly-charts', () => ({
  default: ({ weeks }: { weeks: ClientReportWeek[] }) => <div data-testid="weekly-charts">{weeks.map((w) => w.weekStart).join(',')}</div>,
}));

// mantine-datatable scrolls its viewport to the top on a new page or order; jsdom has no scrolling.
Element.prototype.scrollTo ??= () => {};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const PATH = '/admin/report/clients';

/** Shows the address the report wrote, so a test can read its filters back. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

function stubReport(page = samplePage()) {
  return stubApi(({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === '/reports/clients') return { body: page };
    if (path === '/reports/clients/charts') return { body: sampleCharts() };
    if (path === '/reports/clients/export') return { body: 'xlsx' };
    if (path === '/purchases') return { body: { items: [], total: 0 } };
    if (path === `/purchases/${PURCHASE_ID}`) return { body: { id: PURCHASE_ID, title: 'Зимняя обувь «Топотушки»' } };
    return undefined;
  });
}

/** The header of a column, which sorts by it when clicked. */
const columnTitle = (title: string) => within(document.querySelector('thead')!).getByText(title);

const pageCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/reports/clients');
const lastPageCall = (calls: ApiCall[]) => pageCalls(calls).at(-1)!;

function renderReport(search = '') {
  return renderInApp(
    <>
      <ClientsReport />
      <Address />
    </>,
    { path: PATH + search },
  );
}

describe('ClientsReport', () => {
  it('shows the totals and the rows with money, dates and plurals in Russian', async () => {
    const calls = stubReport(
      samplePage({
        items: [
          sampleRow(),
          sampleRow({ phone: '79007654321', name: 'Петров Пётр', registeredAt: null, lastOrderAt: null, dueKopecks: 0 }),
        ],
        total: 2,
      }),
    );
    renderReport();

    const totals = await screen.findByTestId('total-clients');
    expect(totals.textContent).toBe('21клиент');
    expect(screen.getByTestId('total-orders').textContent).toBe('42заказа');
    expect(within(screen.getByTestId('total-goods')).getByText(moneyPattern('123 456,78'))).toBeTruthy();
    expect(within(screen.getByTestId('total-due')).getByText(moneyPattern('23 456,78'))).toBeTruthy();
    expect(within(screen.getByTestId('total-cashback')).getByText(moneyPattern('6 172,84'))).toBeTruthy();

    const row = screen.getByText('+7 (900) 123-45-67').closest('tr')!;
    expect(within(row).getByText('Иванова Мария')).toBeTruthy();
    expect(within(row).getByText('15.01.2026')).toBeTruthy();
    expect(within(row).getByText('04.05.2026')).toBeTruthy();
    expect(within(row).getByText(moneyPattern('1 234,56'))).toBeTruthy();
    expect(within(row).getByText(moneyPattern('234,56'))).toBeTruthy();
    const noAccount = screen.getByText('+7 (900) 765-43-21').closest('tr')!;
    expect(within(noAccount).getByText('нет аккаунта')).toBeTruthy();

    const query = lastPageCall(calls).query;
    expect(Object.fromEntries(query)).toEqual({ sort: 'lastOrderAt', order: 'desc', page: '1', pageSize: '25' });
  });

  it('reads the filters of a shared link and sends them to the table, the charts and the purchase title', async () => {
    const calls = stubReport();
    renderReport(`?from=2026-05-01&to=2026-05-31&purchaseId=${PURCHASE_ID}&q=Иванова&onlyDue=true&sort=name&order=asc&page=2&pageSize=50`);

    await screen.findByTestId('total-clients');
    expect(Object.fromEntries(lastPageCall(calls).query)).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      purchaseId: PURCHASE_ID,
      q: 'Иванова',
      onlyDue: 'true',
      sort: 'name',
      order: 'asc',
      page: '2',
      pageSize: '50',
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/reports/clients/charts')).toBe(true));
    const chartsQuery = calls.find((c) => c.path === '/reports/clients/charts')!.query;
    expect(Object.fromEntries(chartsQuery)).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      purchaseId: PURCHASE_ID,
      q: 'Иванова',
      onlyDue: 'true',
    });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Только с долгом' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Телефон или имя' }).value).toBe('Иванова');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Закупка' }).value).toBe('Зимняя обувь «Топотушки»'));
  });

  it('puts a changed filter into the address and the request, back on the first page', async () => {
    const calls = stubReport();
    renderReport('?page=3&sort=name');
    await screen.findByTestId('total-clients');

    fireEvent.click(screen.getByRole('switch', { name: 'Только с долгом' }));
    await waitFor(() => expect(lastPageCall(calls).query.get('onlyDue')).toBe('true'));
    expect(lastPageCall(calls).query.get('page')).toBe('1');
    expect(address().get('onlyDue')).toBe('true');
    expect(address().get('page')).toBeNull();
    expect(address().get('sort')).toBe('name');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Телефон или имя' }), { target: { value: '900 123' } });
    await waitFor(() => expect(lastPageCall(calls).query.get('q')).toBe('900 123'), { timeout: 2000 });
    expect(address().get('q')).toBe('900 123');

    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(address().get('q')).toBeNull());
    expect(address().get('onlyDue')).toBeNull();
    expect(address().get('sort')).toBe('name');
    await waitFor(() => expect(lastPageCall(calls).query.has('q')).toBe(false));
  });

  it('sorts on the server by the clicked column', async () => {
    const calls = stubReport();
    renderReport();
    await screen.findByTestId('total-clients');

    // Another column keeps the current direction (the biggest debts first); a second click turns it.
    fireEvent.click(columnTitle('Долг'));
    await waitFor(() => expect(lastPageCall(calls).query.get('sort')).toBe('dueKopecks'));
    expect(lastPageCall(calls).query.get('order')).toBe('desc');
    expect(address().get('sort')).toBe('dueKopecks');

    fireEvent.click(columnTitle('Долг'));
    await waitFor(() => expect(lastPageCall(calls).query.get('order')).toBe('asc'));
    expect(address().get('order')).toBe('asc');

    fireEvent.click(columnTitle('Клиент'));
    await waitFor(() => expect(lastPageCall(calls).query.get('sort')).toBe('name'));
    expect(lastPageCall(calls).query.get('order')).toBe('asc');
  });

  it('says so when nobody is found', async () => {
    stubReport(samplePage({ items: [], total: 0, totals: { ...samplePage().totals, clients: 0 } }));
    renderReport('?q=Никто');
    expect((await screen.findByTestId('total-clients')).textContent).toBe('0клиентов');
    expect(screen.getByText('Никого не нашли')).toBeTruthy();
  });

  it('shows the server’s error in a red alert', async () => {
    stubApi(({ path }) =>
      path === '/reports/clients'
        ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Начало периода позже конца' } }
        : { body: sampleCharts() },
    );
    renderReport();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Начало периода позже конца');
    expect(screen.queryByTestId('report-totals')).toBeNull();
    expect(screen.getByText('Строки не загрузились')).toBeTruthy();
  });

  it('shows the weeks the charts cover', async () => {
    stubReport();
    renderReport();
    expect((await screen.findByTestId('charts-period')).textContent).toContain('Недели с 27.04.2026 по 10.05.2026');
    expect((await screen.findByTestId('weekly-charts')).textContent).toBe('2026-04-27,2026-05-04');
  });

  it('downloads the XLSX of the current filters and order', async () => {
    const calls = stubReport();
    renderReport('?from=2026-05-01&to=2026-05-31&q=Иванова&sort=paidKopecks&order=asc&page=2');
    await screen.findByTestId('total-clients');

    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить в Excel' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    const exportCall = calls.find((c) => c.path === '/reports/clients/export')!;
    expect(Object.fromEntries(exportCall.query)).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      q: 'Иванова',
      sort: 'paidKopecks',
      order: 'asc',
    });
    expect(vi.mocked(saveBlob).mock.calls[0]![1]).toBe('Отчёт по клиентам 01.05.2026–31.05.2026.xlsx');
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
  });

  it('tells in a toast when the export fails', async () => {
    stubApi(({ path }) => {
      if (path === '/reports/clients') return { body: samplePage() };
      if (path === '/reports/clients/charts') return { body: sampleCharts() };
      if (path === '/reports/clients/export')
        return { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Не удалось собрать файл' } };
      return undefined;
    });
    renderReport();
    await screen.findByTestId('total-clients');

    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить в Excel' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalled());
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      title: 'Ошибка',
      message: 'Не удалось собрать файл',
      color: 'red',
    });
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
