import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelegramActivation } from './telegram-activation';
import { TelegramLinkCard } from './telegram-link-card';
import { TELEGRAM_OFF_TITLE, TelegramScheduler } from './telegram-scheduler';
import { type ApiCall, renderInApp, sampleLink, sampleOverview, samplePublicSettings, stubApi } from '../test/telegram-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

/** The server of a shop with or without a bot; Telegram's own endpoints answer as with one. */
function stubShop(isTelegramEnabled: boolean): ApiCall[] {
  return stubApi(({ method, path }) => {
    if (path === '/settings/public') return { body: samplePublicSettings({ isTelegramEnabled }) };
    if (method === 'GET' && path === '/telegram/link') return { body: sampleLink() };
    if (method === 'GET' && path === '/telegram/overview') return { body: sampleOverview() };
    if (method === 'GET' && path === '/telegram/posts') return { body: { items: [], total: 0 } };
    return undefined;
  });
}

const settingsRead = (calls: ApiCall[]) => calls.some((call) => call.path === '/settings/public');

describe('a shop without Telegram', () => {
  it('offers no «Подключить Telegram» in the profile', async () => {
    const calls = stubShop(false);
    renderInApp(<TelegramLinkCard withPreferences />);
    await waitFor(() => expect(settingsRead(calls)).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('telegram-link-card')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Подключить Telegram' })).toBeNull();
  });

  it('offers no «Подтвердить через Telegram» on the activation page', async () => {
    const calls = stubShop(false);
    renderInApp(<TelegramActivation />);
    await waitFor(() => expect(settingsRead(calls)).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('telegram-activation')).toBeNull());
  });

  it('shows the admin why there is no scheduler, and asks the server nothing of Telegram', async () => {
    const calls = stubShop(false);
    renderInApp(<TelegramScheduler />, { path: '/admin/telegram-scheduler' });
    const note = await screen.findByTestId('telegram-off');
    expect(note.textContent).toContain(TELEGRAM_OFF_TITLE);
    expect(note.textContent).toContain('TELEGRAM_BOT_TOKEN');
    expect(calls.filter((call) => call.path.startsWith('/telegram/'))).toEqual([]);
  });
});

describe('a shop with Telegram', () => {
  it('offers «Подключить Telegram» as before', async () => {
    stubShop(true);
    renderInApp(<TelegramLinkCard />);
    expect(await screen.findByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
  });
});
