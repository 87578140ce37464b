import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TelegramStatistics as Statistics } from '@vmeste/contract';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statisticsQueryOf, withoutPeriod, withPeriodChange } from './statistics-filters';
import { TelegramStatistics } from './telegram-statistics';
import { type ApiCall, badRequest, renderInApp, sampleStatistics, stubApi } from '../test/telegram-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
// jsdom lays nothing out, so recharts would draw empty boxes; the charts get their days and that is all.
vi.mock('./statistics-charts', () => ({
  default: ({ days, subscribers }: Pick<Statistics, 'days' | 'subscribers'>) => (
    <div data-testid="statistics-charts">
      {days.map((d) => `${d.date}:${d.sent}/${d.failed}`).join(',')} | {subscribers.map((s) => `${s.linked}/${s.blocked}`).join(',')}
    </div>
  ),
}));

Element.prototype.scrollTo ??= () => {};

afterEach(() => vi.unstubAllGlobals());

const PATH = '/admin/telegram-scheduler/statistics';
const STATISTICS = '/telegram/statistics';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

const statisticsCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === STATISTICS);

function renderStatistics(search = '', statistics = sampleStatistics()) {
  const calls = stubApi(({ method, path }) => (method === 'GET' && path === STATISTICS ? { body: statistics } : undefined));
  renderInApp(
    <>
      <TelegramStatistics />
      <Address />
    </>,
    { path: PATH + search },
  );
  return calls;
}

describe('TelegramStatistics', () => {
  it('asks for the period of the address and shows the totals, a row per sending and the charts', async () => {
    const calls = renderStatistics('?from=2026-11-01&to=2026-11-30');

    expect((await screen.findByTestId('statistics-period')).textContent).toBe('С 01.11.2026 по 30.11.2026, по московскому времени');
    expect(Object.fromEntries(statisticsCalls(calls)[0]!.query)).toEqual({ from: '2026-11-01', to: '2026-11-30' });

    expect(screen.getByTestId('total-runs').textContent).toBe('2рассылки');
    expect(screen.getByTestId('total-recipients').textContent).toBe('150получателей');
    expect(screen.getByTestId('total-delivered').textContent).toBe('125доставлено');
    expect(screen.getByTestId('total-pending').textContent).toBe('20в очереди');
    expect(screen.getByTestId('total-failed').textContent).toBe('2ошибки');

    const done = screen.getByText('Новая закупка: зимняя обувь').closest('tr')!;
    expect(within(done).getByText('20.11.2026, 18:00')).toBeTruthy();
    expect(within(done).getByText('начало 20.11.2026, 18:00')).toBeTruthy();
    expect(within(done).getByText('конец 20.11.2026, 18:02')).toBeTruthy();
    expect(
      within(done)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(2),
    ).toEqual(['120', '115', '3', '2', '0']);
    const going = screen.getByText('Скидки выходного дня').closest('tr')!;
    expect(within(going).getByText('ещё отправляется')).toBeTruthy();

    expect((await screen.findByTestId('statistics-charts')).textContent).toBe('2026-11-20:118/2,2026-11-22:10/0 | 120/3,125/4');
  });

  it('asks for the server’s default period without one, and shows it', async () => {
    const calls = renderStatistics();
    expect((await screen.findByTestId('statistics-period')).textContent).toContain('С 01.11.2026 по 30.11.2026');
    expect([...statisticsCalls(calls)[0]!.query.keys()]).toEqual([]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Последние 30 дней' }).disabled).toBe(true);
  });

  it('puts a typed date into the address and the request', async () => {
    const calls = renderStatistics('?to=2026-11-30');
    await screen.findByTestId('statistics-period');
    fireEvent.change(screen.getByRole('textbox', { name: 'С' }), { target: { value: '05.11.2026' } });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?to=2026-11-30&from=2026-11-05'));
    await waitFor(() => expect(Object.fromEntries(statisticsCalls(calls).at(-1)!.query)).toEqual({ from: '2026-11-05', to: '2026-11-30' }));
  });

  it('goes back to the last 30 days', async () => {
    const calls = renderStatistics('?from=2026-10-01&to=2026-10-31');
    await screen.findByTestId('statistics-period');
    fireEvent.click(screen.getByRole('button', { name: 'Последние 30 дней' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
    await waitFor(() => expect([...statisticsCalls(calls).at(-1)!.query.keys()]).toEqual([]));
  });

  it('says when there were no sendings', async () => {
    renderStatistics('', sampleStatistics({ runs: [], days: [], subscribers: [] }));
    expect((await screen.findByTestId('total-runs')).textContent).toBe('0рассылок');
    expect(screen.getByTestId('total-failed').textContent).toBe('0ошибок');
    expect(screen.getByText('За этот период рассылок не было')).toBeTruthy();
  });

  it('shows the server’s error in a red alert', async () => {
    stubApi(({ path }) => (path === STATISTICS ? badRequest('Начало периода позже конца', 'from') : undefined));
    renderInApp(<TelegramStatistics />, { path: PATH });
    expect((await screen.findByRole('alert')).textContent).toContain('Начало периода позже конца');
    expect(screen.getByText('Рассылки не загрузились')).toBeTruthy();
  });
});

describe('statistics period in the address', () => {
  it('drops a broken date and turns a reversed period round', () => {
    expect(statisticsQueryOf(new URLSearchParams('from=2026-11-01&to=2026-11-30'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(statisticsQueryOf(new URLSearchParams('from=2026-11-30&to=2026-11-01'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(statisticsQueryOf(new URLSearchParams('from=ноябрь&to=2026-11-30'))).toEqual({ to: '2026-11-30' });
    expect(statisticsQueryOf(new URLSearchParams(''))).toEqual({});
  });

  it('changes one end and clears both', () => {
    const params = new URLSearchParams('from=2026-11-01&posts=done');
    expect(withPeriodChange(params, 'to', '2026-11-30').toString()).toBe('from=2026-11-01&posts=done&to=2026-11-30');
    expect(withPeriodChange(params, 'from', null).toString()).toBe('posts=done');
    expect(withoutPeriod(new URLSearchParams('from=2026-11-01&to=2026-11-30')).toString()).toBe('');
  });
});
