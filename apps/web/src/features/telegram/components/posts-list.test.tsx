import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostsList } from './posts-list';
import { type ApiCall, POST_ID, renderInApp, samplePost, sampleRun, stubApi } from '../test/telegram-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

// mantine-datatable scrolls its viewport to the top on a new page; jsdom has no scrolling.
Element.prototype.scrollTo ??= () => {};

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.show.mockClear();
});

const POSTS = '/telegram/posts';
const sent = samplePost({
  id: '00000000-0000-4000-8000-000000000102',
  text: 'Итоги недели',
  status: 'done',
  repeat: 'none',
  repeatUntil: null,
  toChannel: false,
  buttonText: null,
  buttonUrl: null,
  lastRun: sampleRun(),
  runsCount: 1,
});

function stubPosts(more: (call: ApiCall) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === POSTS) {
      const items = call.query.get('status') === 'done' ? [sent] : [samplePost()];
      return { body: { items, total: items.length } };
    }
    return more(call);
  });
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === POSTS);

function renderList() {
  const onEdit = vi.fn();
  const onCanceled = vi.fn();
  renderInApp(<PostsList editingId={null} onEdit={onEdit} onCanceled={onCanceled} />, { path: '/admin/telegram-scheduler' });
  return { onEdit, onCanceled };
}

describe('PostsList', () => {
  it('lists the scheduled posts with their Moscow time, text, targets and repeat', async () => {
    const calls = stubPosts();
    renderList();
    const row = (await screen.findByText('Новая закупка: зимняя обувь')).closest('tr')!;
    expect(within(row).getByText('25.11.2026, 18:30')).toBeTruthy();
    expect(within(row).getByText('кнопка «Смотреть»')).toBeTruthy();
    expect(within(row).getByText('В канал и подписчикам бота')).toBeTruthy();
    expect(within(row).getByText('Каждую неделю до 31.12.2026')).toBeTruthy();
    expect(within(row).getByText('Запланирован')).toBeTruthy();
    expect(Object.fromEntries(listCalls(calls)[0]!.query)).toEqual({ status: 'scheduled', page: '1', pageSize: '20' });
  });

  it('shows the sent posts with the counts of their last sending, and no actions', async () => {
    const calls = stubPosts();
    renderList();
    await screen.findByText('Новая закупка: зимняя обувь');
    fireEvent.click(screen.getByRole('tab', { name: 'Отправленные' }));

    const row = (await screen.findByText('Итоги недели')).closest('tr')!;
    expect(listCalls(calls).at(-1)!.query.get('status')).toBe('done');
    expect(within(row).getByText(/доставлено 115 · заблокировали 3 · ошибки 2 · в очереди 0/)).toBeTruthy();
    expect(within(row).getByText('Подписчикам бота')).toBeTruthy();
    expect(within(row).getByText('Отправлен')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Отменить' })).toBeNull();
  });

  it('opens a post in the form', async () => {
    stubPosts();
    const { onEdit } = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: POST_ID }));
  });

  it('cancels a post after a confirmation', async () => {
    const calls = stubPosts(({ method, path }) =>
      method === 'POST' && path === `${POSTS}/${POST_ID}/cancel` ? { body: samplePost({ status: 'canceled' }) } : undefined,
    );
    const { onCanceled } = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить пост?' });
    expect(dialog.textContent).toContain('«Новая закупка: зимняя обувь» не будет отправлен, и его повторы тоже.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить пост' }));

    await waitFor(() => expect(onCanceled).toHaveBeenCalledWith(expect.objectContaining({ id: POST_ID })));
    expect(calls.some((c) => c.method === 'POST' && c.path === `${POSTS}/${POST_ID}/cancel`)).toBe(true);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Пост отменён' }));
    // The list is read again: the post has moved to another tab.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('keeps the post when the cancel is declined', async () => {
    const calls = stubPosts();
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Не отменять' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends a post now after a confirmation', async () => {
    const calls = stubPosts(({ method, path }) =>
      method === 'POST' && path === `${POSTS}/${POST_ID}/send-now` ? { body: samplePost() } : undefined,
    );
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Отправить сейчас' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отправить пост сейчас?' });
    expect(dialog.textContent).toContain('Расписание повторов останется.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить сейчас' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `${POSTS}/${POST_ID}/send-now`)).toBe(true));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green' })));
  });

  it('shows the server’s refusal of an action as a toast', async () => {
    stubPosts(({ method }) =>
      method === 'POST' ? { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Пост уже отправлен' } } : undefined,
    );
    const { onCanceled } = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отменить пост' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ошибка', message: 'Пост уже отправлен' })),
    );
    expect(onCanceled).not.toHaveBeenCalled();
  });
});
