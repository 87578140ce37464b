import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TelegramLink } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_POLL_MS, START_HINT, TelegramLinkCard } from './telegram-link-card';
import { ALWAYS_ON_NOTE } from './telegram-notification-settings';
import { type ApiCall, linkedLink, renderInApp, sampleLink, stubApi } from '../test/telegram-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.show.mockClear();
});

const LINK = '/telegram/link';
const BOT_URL = 'https://t.me/vmeste_shop_bot?start=token42';

const linkReads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === LINK);

describe('TelegramLinkCard', () => {
  it('opens the bot, waits for «Start» by asking every two seconds, then shows the linked account', async () => {
    let link: TelegramLink = sampleLink();
    const calls = stubApi(({ method, path }) => {
      if (path !== LINK) return undefined;
      if (method === 'GET') return { body: link };
      if (method === 'POST') {
        return { status: 201, body: { url: BOT_URL, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(), isEmulator: false } };
      }
      return undefined;
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderInApp(<TelegramLinkCard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(BOT_URL, '_blank', 'noopener'));
    const waiting = await screen.findByTestId('telegram-link-waiting');
    expect(waiting.textContent).toContain(START_HINT);
    // A blocked window can be opened by the person's own click.
    expect(within(waiting).getByRole('link', { name: 'Открыть бота' }).getAttribute('href')).toBe(BOT_URL);

    const readsBefore = linkReads(calls).length;
    link = linkedLink();
    expect(await screen.findByTestId('telegram-linked', {}, { timeout: LINK_POLL_MS * 2 })).toBeTruthy();
    expect(linkReads(calls).length).toBeGreaterThan(readsBefore);
    expect(screen.getByTestId('telegram-account').textContent).toBe('Аккаунт @maria, подключён 20.11.2026');
    expect(screen.queryByTestId('telegram-link-waiting')).toBeNull();

    // Linked: nothing more to wait for.
    const readsLinked = linkReads(calls).length;
    await new Promise((resolve) => setTimeout(resolve, LINK_POLL_MS + 500));
    expect(linkReads(calls).length).toBe(readsLinked);
  }, 10_000);

  it('stops asking when the link expires and offers a new one', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path !== LINK) return undefined;
      if (method === 'GET') return { body: sampleLink() };
      return { status: 201, body: { url: BOT_URL, expiresAt: new Date(Date.now() + 300).toISOString(), isEmulator: true } };
    });
    vi.spyOn(window, 'open').mockImplementation(() => null);
    renderInApp(<TelegramLinkCard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    expect(
      within(await screen.findByTestId('telegram-link-waiting')).getByRole('link', { name: 'Открыть эмулятор Telegram' }),
    ).toBeTruthy();
    expect(await screen.findByText('Ссылка устарела. Нажмите «Подключить Telegram» ещё раз.')).toBeTruthy();
    expect(screen.queryByTestId('telegram-link-waiting')).toBeNull();
    const reads = linkReads(calls).length;
    await new Promise((resolve) => setTimeout(resolve, LINK_POLL_MS + 500));
    expect(linkReads(calls).length).toBe(reads);
  });

  it('unlinks after a confirmation', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path !== LINK) return undefined;
      if (method === 'GET') return { body: linkedLink() };
      if (method === 'DELETE') return { body: sampleLink() };
      return undefined;
    });
    renderInApp(<TelegramLinkCard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Отключить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отключить Telegram?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отключить' }));

    expect(await screen.findByRole('button', { name: 'Подключить Telegram' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === LINK)).toBe(true);
    expect(screen.queryByTestId('telegram-linked')).toBeNull();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Telegram отключён' }));
  });

  it('keeps the link when the confirmation is declined', async () => {
    const calls = stubApi(({ method, path }) => (method === 'GET' && path === LINK ? { body: linkedLink() } : undefined));
    renderInApp(<TelegramLinkCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Отключить' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Не отключать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByTestId('telegram-linked')).toBeTruthy();
  });

  it('warns that a blocked bot means SMS', async () => {
    stubApi(({ method, path }) => (method === 'GET' && path === LINK ? { body: linkedLink({ isBlocked: true }) } : undefined));
    renderInApp(<TelegramLinkCard />);
    const alert = await screen.findByTestId('telegram-blocked');
    expect(alert.textContent).toContain('уведомления приходят по СМС');
  });

  it('shows the server’s refusal to start a link as a toast', async () => {
    stubApi(({ method, path }) => {
      if (path !== LINK) return undefined;
      if (method === 'GET') return { body: sampleLink() };
      return { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Слишком много попыток, подождите минуту' } };
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderInApp(<TelegramLinkCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Подключить Telegram' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Слишком много попыток, подождите минуту' })),
    );
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByTestId('telegram-link-waiting')).toBeNull();
  });
});

describe('TelegramLinkCard with the notification switches', () => {
  it('switches a kind off and on again, and keeps codes and reset links on', async () => {
    let link = linkedLink({ mutedKinds: ['bonus_expiring'] });
    const calls = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === LINK) return { body: link };
      if (method === 'PUT' && path === '/telegram/preferences') {
        link = { ...link, ...(body as Pick<TelegramLink, 'mutedKinds'>) };
        return { body: link };
      }
      return undefined;
    });
    renderInApp(<TelegramLinkCard withPreferences />);

    const group = await screen.findByRole('group', { name: 'Уведомления в Telegram' });
    const parcelReady = within(group).getByRole<HTMLInputElement>('switch', { name: 'Посылка готова к выдаче' });
    expect(parcelReady.checked).toBe(true);
    expect(within(group).getByRole<HTMLInputElement>('switch', { name: 'Сгорание бонусов' }).checked).toBe(false);
    for (const name of ['Коды подтверждения', 'Ссылки для смены пароля']) {
      const alwaysOn = within(group).getByRole<HTMLInputElement>('switch', { name });
      expect(alwaysOn.checked).toBe(true);
      expect(alwaysOn.disabled).toBe(true);
    }
    expect(group.textContent).toContain(ALWAYS_ON_NOTE);

    fireEvent.click(parcelReady);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ mutedKinds: ['parcel_ready', 'bonus_expiring'] });
    await waitFor(() => expect(parcelReady.checked).toBe(false));
    await waitFor(() => expect(parcelReady.disabled).toBe(false));

    fireEvent.click(within(group).getByRole('switch', { name: 'Сгорание бонусов' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ mutedKinds: ['parcel_ready'] });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', message: '«Сгорание бонусов» снова будут приходить в Telegram' }),
    );
  });

  it('has no switches until Telegram is linked', async () => {
    stubApi(({ method, path }) => (method === 'GET' && path === LINK ? { body: sampleLink() } : undefined));
    renderInApp(<TelegramLinkCard withPreferences />);
    await screen.findByRole('button', { name: 'Подключить Telegram' });
    expect(screen.queryByRole('group', { name: 'Уведомления в Telegram' })).toBeNull();
  });
});
