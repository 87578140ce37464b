import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TelegramOverview } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelegramScheduler } from './telegram-scheduler';
import { EMULATOR_NOTE } from './telegram-texts';
import {
  linkedLink,
  POST_ID,
  renderInApp,
  sampleLink,
  sampleOverview,
  samplePost,
  samplePublicSettings,
  stubApi,
} from '../test/telegram-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

Element.prototype.scrollTo ??= () => {};

afterEach(() => vi.unstubAllGlobals());

function stubScheduler({
  overview = sampleOverview(),
  link = linkedLink(),
}: { overview?: TelegramOverview; link?: ReturnType<typeof sampleLink> } = {}) {
  return stubApi(({ method, path, body }) => {
    if (path === '/settings/public') return { body: samplePublicSettings() };
    if (method === 'GET' && path === '/telegram/overview') return { body: overview };
    if (method === 'GET' && path === '/telegram/link') return { body: link };
    if (method === 'GET' && path === '/telegram/posts') return { body: { items: [samplePost()], total: 1 } };
    if (method === 'PUT' && path === `/telegram/posts/${POST_ID}`) return { body: samplePost(body as object) };
    return undefined;
  });
}

const textArea = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Текст поста/ });

describe('TelegramScheduler', () => {
  it('shows the bot, the channel, the emulator and the subscribers in Russian plurals', async () => {
    stubScheduler();
    renderInApp(<TelegramScheduler />, { path: '/admin/telegram-scheduler' });
    const overview = await screen.findByTestId('telegram-overview');
    expect(overview.textContent).toContain('Бот @vmeste_shop_bot');
    expect(overview.textContent).toContain('Канал: @vmeste_shop');
    expect(screen.getByTestId('telegram-mode').textContent).toBe(EMULATOR_NOTE);
    expect(screen.getByTestId('telegram-subscribers').textContent).toBe('21 подписчик, 3 заблокировали бота');
  });

  it('says when there is no channel and the real Telegram is used', async () => {
    stubScheduler({ overview: sampleOverview({ channel: null, mode: 'webhook', subscribers: 5, blocked: 1 }), link: sampleLink() });
    renderInApp(<TelegramScheduler />, { path: '/admin/telegram-scheduler' });
    const overview = await screen.findByTestId('telegram-overview');
    expect(overview.textContent).toContain('Канал: канал не настроен');
    expect(screen.getByTestId('telegram-mode').textContent).toBe('вебхук');
    expect(screen.getByTestId('telegram-subscribers').textContent).toBe('5 подписчиков, 1 заблокировал бота');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'В канал' }).disabled).toBe(true);
    // The admin's own chat is not linked: no test sends, and the card offers to link it.
    expect(await screen.findByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Отправить пробно себе' }).disabled).toBe(true);
  });

  it('opens a scheduled post in the form, saves it and starts a new one', async () => {
    const calls = stubScheduler();
    renderInApp(<TelegramScheduler />, { path: '/admin/telegram-scheduler' });
    expect(await screen.findByRole('heading', { name: 'Новый пост' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Отправить пробно себе' }).disabled).toBe(false));

    fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    expect(await screen.findByRole('heading', { name: 'Изменить пост' })).toBeTruthy();
    expect(textArea().value).toBe('<b>Новая закупка:</b> зимняя обувь');
    expect(screen.getByRole('button', { name: 'В форме' })).toBeTruthy();

    fireEvent.change(textArea(), { target: { value: '<b>Новая закупка:</b> зимняя обувь и сапоги' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Новый пост' })).toBeTruthy();
    expect(textArea().value).toBe('');
  });
});
