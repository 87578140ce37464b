import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POINTS_SYNC_POLL_MS } from '../api/get-points-sync';
import { renderInApp, sampleSync, stubApi } from '../test/logistics-test-kit';
import { PickupPointsDesk } from './pickup-points-desk';
import { PointsSyncCard } from './points-sync-card';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const POLLS = { timeout: POINTS_SYNC_POLL_MS * 4 };
const emptyPage = { items: [], total: 0 };

describe('PointsSyncCard', () => {
  it('asks every second while a sync runs, shows how far it has come, and refreshes the points when it ends', async () => {
    const running = sampleSync({ status: 'running', citiesTotal: 5, citiesDone: 2, pointsCount: 40, finishedAt: null });
    const answers = [
      running,
      { ...running, citiesDone: 4, pointsCount: 90 },
      sampleSync({ citiesTotal: 5, citiesDone: 5, pointsCount: 120 }),
    ];
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/logistics/points/sync') return { body: answers.shift() ?? answers[answers.length - 1] };
      if (path === '/logistics/points') return { body: emptyPage };
      if (path === '/logistics/cities') return { body: [] };
      return undefined;
    });
    const answered = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
    renderInApp(
      <>
        <PointsSyncCard />
        <PickupPointsDesk />
      </>,
    );

    expect(await screen.findByText(/Обработано 2 из 5 городов, найдено 40 пунктов/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Ход загрузки пунктов' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('button', { name: 'Загрузить пункты сейчас' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(answered('/logistics/points')).toBe(1));

    expect(await screen.findByText(/Обработано 4 из 5 городов/, undefined, POLLS)).toBeTruthy();
    expect(await screen.findByText('Загружено 120 пунктов в 5 городах', undefined, POLLS)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(answered('/logistics/points/sync')).toBe(3);
    // The finished sync changed the points: the list and the cities are asked again.
    await waitFor(() => expect(answered('/logistics/points')).toBe(2));
    expect(answered('/logistics/cities')).toBe(2);

    // Finished: no more asking.
    await new Promise((resolve) => setTimeout(resolve, POINTS_SYNC_POLL_MS * 1.5));
    expect(answered('/logistics/points/sync')).toBe(3);
  }, 15_000);

  it('says so when a sync already runs, and follows that one', async () => {
    let isRunning = false;
    const running = sampleSync({ status: 'running', citiesTotal: 8, citiesDone: 3, finishedAt: null, startedByName: 'Сидоров Олег' });
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/logistics/points/sync') return { body: isRunning ? running : null };
      if (method === 'POST' && path === '/logistics/points/sync') {
        isRunning = true;
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Загрузка пунктов уже идёт' } };
      }
      return undefined;
    });
    renderInApp(<PointsSyncCard />);

    expect(await screen.findByText(/Пункты ещё не загружались/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить пункты сейчас' }));
    expect(await screen.findByText('Загрузка пунктов уже идёт')).toBeTruthy();
    expect(await screen.findByText(/Обработано 3 из 8 городов/)).toBeTruthy();
    expect(screen.getByText(/Сидоров Олег/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows a started sync at once, before its first city', async () => {
    stubApi(({ method, path }) => {
      if (path !== '/logistics/points/sync') return undefined;
      if (method === 'POST')
        return { status: 201, body: sampleSync({ status: 'running', citiesTotal: 0, citiesDone: 0, pointsCount: 0, finishedAt: null }) };
      return { body: sampleSync({ status: 'failed', error: 'Boxberry не ответил за 30 секунд' }) };
    });
    renderInApp(<PointsSyncCard />);

    expect(await screen.findByText('Boxberry не ответил за 30 секунд')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить пункты сейчас' }));
    expect(await screen.findByText('Получаем список городов…')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Загрузить пункты сейчас' })).toHaveProperty('disabled', true));
  });
});
