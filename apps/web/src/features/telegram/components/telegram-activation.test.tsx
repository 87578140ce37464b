import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATION_EXPIRED, ACTIVATION_HINT, ACTIVATION_POLL_MS, TelegramActivation } from './telegram-activation';
import { type ApiCall, renderInApp, sampleClient, stubApi } from '../test/telegram-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));
const session = vi.hoisted(() => ({ saveUser: vi.fn() }));
vi.mock('@/lib/session', async (importOriginal) => ({ ...(await importOriginal<object>()), ...session }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.show.mockClear();
  session.saveUser.mockClear();
});

const LINK = '/telegram/link';
const ME = '/users/my';
const EMULATOR_URL = '/telegram-emulator/?start=token42';

const accountReads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === ME);

function started(lifetimeMs: number) {
  return { status: 201, body: { url: EMULATOR_URL, expiresAt: new Date(Date.now() + lifetimeMs).toISOString(), isEmulator: true } };
}

describe('TelegramActivation', () => {
  it('opens the bot, asks for the account every three seconds until it is confirmed, then stores it', async () => {
    let account: User = sampleClient();
    const calls = stubApi(({ method, path }) => {
      if (method === 'POST' && path === LINK) return started(15 * 60_000);
      if (method === 'GET' && path === ME) return { body: account };
      return undefined;
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderInApp(<TelegramActivation />);
    // Nothing is asked before the person chooses Telegram.
    expect(screen.getByText(/Telegram передаст ваш номер, и аккаунт подтвердится без СМС/)).toBeTruthy();
    expect(accountReads(calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить через Telegram' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(EMULATOR_URL, '_blank', 'noopener'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === LINK)).toHaveLength(1);
    const waiting = await screen.findByTestId('telegram-activation-waiting');
    expect(waiting.textContent).toContain(ACTIVATION_HINT);
    // A blocked window can be opened by the person's own click.
    expect(within(waiting).getByRole('link', { name: 'Открыть эмулятор Telegram' }).getAttribute('href')).toBe(EMULATOR_URL);

    // The first answer: not yet confirmed; the person is still in Telegram.
    await waitFor(() => expect(accountReads(calls)).toHaveLength(1));
    expect(session.saveUser).not.toHaveBeenCalled();

    account = sampleClient({ isConfirmedAccount: true });
    await waitFor(() => expect(session.saveUser).toHaveBeenCalledWith(account), { timeout: ACTIVATION_POLL_MS * 2 });
    expect(accountReads(calls)).toHaveLength(2);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Аккаунт подтверждён' }));

    // Confirmed: nothing more to wait for.
    await new Promise((resolve) => setTimeout(resolve, ACTIVATION_POLL_MS + 500));
    expect(accountReads(calls)).toHaveLength(2);
    expect(session.saveUser).toHaveBeenCalledTimes(1);
    expect(notifications.show).toHaveBeenCalledTimes(1);
  }, 15_000);

  it('stops asking when the link expires and offers to try again', async () => {
    const calls = stubApi(({ method, path }) => {
      if (method === 'POST' && path === LINK) return started(300);
      if (method === 'GET' && path === ME) return { body: sampleClient() };
      return undefined;
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderInApp(<TelegramActivation />);

    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить через Telegram' }));
    expect(await screen.findByText(ACTIVATION_EXPIRED)).toBeTruthy();
    expect(screen.queryByTestId('telegram-activation-waiting')).toBeNull();
    const reads = accountReads(calls).length;
    await new Promise((resolve) => setTimeout(resolve, ACTIVATION_POLL_MS + 500));
    expect(accountReads(calls)).toHaveLength(reads);

    // Another try: a new link, and the waiting starts again.
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить через Telegram' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.method === 'POST' && c.path === LINK)).toHaveLength(2);
    expect(session.saveUser).not.toHaveBeenCalled();
  }, 10_000);

  it('shows the server’s refusal to start a link as a toast and opens nothing', async () => {
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === LINK
        ? { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Слишком много попыток, подождите минуту' } }
        : undefined,
    );
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderInApp(<TelegramActivation />);

    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить через Telegram' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Слишком много попыток, подождите минуту' })),
    );
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByTestId('telegram-activation-waiting')).toBeNull();
    expect(accountReads(calls)).toHaveLength(0);
  });
});
