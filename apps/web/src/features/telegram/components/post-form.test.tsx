import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostForm, TEST_SEND_HINT } from './post-form';
import { type ApiCall, badRequest, PICTURE_ID, POST_ID, renderInApp, samplePost, stubApi } from '../test/telegram-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

beforeEach(() => {
  // 18:10 in Moscow: a new post is set to the next full hour, 19:00 the same day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T15:10:00.000Z'));
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  notifications.show.mockClear();
});

const POSTS = '/telegram/posts';

function renderForm({
  post = null,
  isOwnChatLinked = true,
}: { post?: ReturnType<typeof samplePost> | null; isOwnChatLinked?: boolean } = {}) {
  const onSaved = vi.fn();
  renderInApp(<PostForm post={post} hasChannel isOwnChatLinked={isOwnChatLinked} onSaved={onSaved} onCancelEdit={() => {}} />);
  return { onSaved };
}

const textArea = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Текст поста/ });
const input = (name: RegExp | string) => screen.getByLabelText<HTMLInputElement>(name);
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
/** The time is two fields of Mantine's own (24 hours whatever the browser's language). */
const timeShown = () => `${input('Часы').value}:${input('Минуты').value}`;
const wrapperOf = (element: HTMLElement) => element.closest('.mantine-InputWrapper-root') as HTMLElement;
const posted = (calls: ApiCall[], path = POSTS) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('PostForm', () => {
  it('schedules the post with the Moscow time, the button and the targets', async () => {
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === POSTS
        ? { status: 201, body: samplePost({ sendAt: '2026-11-24T15:30:00.000Z', sendAtMoscow: '2026-11-24T18:30' }) }
        : undefined,
    );
    const { onSaved } = renderForm();

    expect(input(/Дата отправки/).value).toBe('24.11.2026');
    expect(timeShown()).toBe('19:00');

    type(textArea(), 'Скидки до пятницы');
    textArea().setSelectionRange(0, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Жирный' }));
    expect(textArea().value).toBe('<b>Скидки</b> до пятницы');
    expect(within(screen.getByTestId('post-preview-text')).getByText('Скидки').tagName).toBe('STRONG');
    expect(screen.getByTestId('post-text-length').textContent).toBe('17 / 4096');

    type(input(/Кнопка под постом/), ' Смотреть ');
    type(input(/Адрес кнопки/), 'https://vmeste.example/catalog');
    expect(screen.getByTestId('post-preview-button').textContent).toBe('Смотреть');
    fireEvent.click(screen.getByRole('checkbox', { name: 'В канал' }));
    type(input('Часы'), '18');
    type(input('Минуты'), '30');
    fireEvent.click(screen.getByRole('button', { name: 'Запланировать' }));

    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toEqual({
      text: '<b>Скидки</b> до пятницы',
      pictureId: null,
      buttonText: 'Смотреть',
      buttonUrl: 'https://vmeste.example/catalog',
      sendAt: '2026-11-24T18:30',
      repeat: 'none',
      repeatUntil: null,
      toChannel: true,
      toSubscribers: true,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', message: 'Пост запланирован на 24.11.2026, 18:30 (МСК)' }),
    );
  });

  it('puts the server’s message under the field it names', async () => {
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === POSTS ? badRequest('Время отправки уже прошло', 'sendAt') : undefined,
    );
    const { onSaved } = renderForm();
    type(textArea(), 'Привет');
    fireEvent.click(screen.getByRole('button', { name: 'Запланировать' }));

    const date = input(/Дата отправки/);
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(within(wrapperOf(date)).getByText('Время отправки уже прошло')).toBeTruthy();
    expect(posted(calls)).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(textArea().value).toBe('Привет');
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ошибка', message: 'Время отправки уже прошло' }));
  });

  it('shows the parser’s error under the text at once and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    renderForm();
    type(textArea(), '<div>Привет</div>');

    const message = 'Тег <div> Telegram не поддерживает: можно b, i, u, s, a, code, pre, blockquote, tg-spoiler';
    expect(within(wrapperOf(textArea())).getByText(message)).toBeTruthy();
    expect(screen.getByTestId('post-preview-text').textContent).toContain('Telegram не примет такой текст');

    fireEvent.click(screen.getByRole('button', { name: 'Запланировать' }));
    await waitFor(() => expect(textArea().getAttribute('aria-invalid')).toBe('true'));
    expect(posted(calls)).toHaveLength(0);
  });

  it('asks for both the button’s caption and address, and for a target', async () => {
    const calls = stubApi(() => undefined);
    renderForm();
    type(textArea(), 'Привет');
    type(input(/Кнопка под постом/), 'Смотреть');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Подписчикам бота' }));
    fireEvent.click(screen.getByRole('button', { name: 'Запланировать' }));

    expect(await screen.findByText('У кнопки должны быть и подпись, и адрес')).toBeTruthy();
    expect(screen.getByText('Выберите, куда отправить: в канал, подписчикам или туда и туда')).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
  });

  it('wraps the selection in a link to the typed address', () => {
    stubApi(() => undefined);
    renderForm();
    type(textArea(), 'Каталог');
    textArea().setSelectionRange(0, 7);
    fireEvent.click(screen.getByRole('button', { name: 'Ссылка' }));
    const address = screen.getByRole('textbox', { name: 'Адрес ссылки' });
    type(address, 'vmeste.example');
    fireEvent.click(screen.getByRole('button', { name: 'Вставить ссылку' }));
    expect(screen.getByText('Адрес — ссылка, начинающаяся с https://')).toBeTruthy();

    type(address, 'https://vmeste.example/?a=1&b=2');
    fireEvent.click(screen.getByRole('button', { name: 'Вставить ссылку' }));
    expect(textArea().value).toBe('<a href="https://vmeste.example/?a=1&amp;b=2">Каталог</a>');
    const link = within(screen.getByTestId('post-preview-text')).getByRole('link', { name: 'Каталог' });
    expect(link.getAttribute('href')).toBe('https://vmeste.example/?a=1&b=2');
  });

  it('sends the post to the admin’s own Telegram for a try', async () => {
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === `${POSTS}/test` ? { body: { chatTitle: '@admin' } } : undefined,
    );
    renderForm();
    type(textArea(), '<i>Проба</i>');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить пробно себе' }));

    await waitFor(() => expect(posted(calls, `${POSTS}/test`)).toHaveLength(1));
    expect(posted(calls, `${POSTS}/test`)[0]!.body).toEqual({ text: '<i>Проба</i>', pictureId: null, buttonText: null, buttonUrl: null });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'green', message: 'Пробный пост отправлен в ваш Telegram (@admin)' }),
      ),
    );
    expect(posted(calls)).toHaveLength(0);
  });

  it('offers no test send until the admin’s own Telegram is linked', () => {
    stubApi(() => undefined);
    renderForm({ isOwnChatLinked: false });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Отправить пробно себе' }).disabled).toBe(true);
    expect(screen.getByTestId('test-send-hint').textContent).toBe(TEST_SEND_HINT);
  });

  it('uploads a picture, shows it, sends its id, and takes it off', async () => {
    const calls = stubApi(({ method, path }) => {
      if (method === 'POST' && path === '/telegram/pictures') {
        return { status: 201, body: { id: PICTURE_ID, url: `/api/telegram/pictures/${PICTURE_ID}` } };
      }
      if (method === 'POST' && path === `${POSTS}/test`) return { body: { chatTitle: '@admin' } };
      return undefined;
    });
    renderForm();
    type(textArea(), 'С картинкой');
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    fireEvent.change(fileInput, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Картинка должна быть в формате JPEG или PNG')).toBeTruthy();
    expect(posted(calls, '/telegram/pictures')).toHaveLength(0);

    fireEvent.change(fileInput, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(posted(calls, '/telegram/pictures')).toHaveLength(1));
    expect(posted(calls, '/telegram/pictures')[0]!.body).toBeInstanceOf(FormData);
    // The uploaded file is shown at once, in the form and above the text in the preview.
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Картинка поста' })).toHaveLength(2));
    expect(screen.getByTestId('post-text-length').textContent).toBe('11 / 1024');

    fireEvent.click(screen.getByRole('button', { name: 'Отправить пробно себе' }));
    await waitFor(() => expect(posted(calls, `${POSTS}/test`)).toHaveLength(1));
    expect(posted(calls, `${POSTS}/test`)[0]!.body).toMatchObject({ pictureId: PICTURE_ID });

    fireEvent.click(screen.getByRole('button', { name: 'Убрать' }));
    expect(screen.queryAllByRole('img', { name: 'Картинка поста' })).toHaveLength(0);
  });

  it('edits a scheduled post with its own time, repeat and targets', async () => {
    const calls = stubApi(({ method, path, body }) =>
      method === 'PUT' && path === `${POSTS}/${POST_ID}` ? { body: samplePost(body as object) } : undefined,
    );
    const { onSaved } = renderForm({ post: samplePost() });

    expect(textArea().value).toBe('<b>Новая закупка:</b> зимняя обувь');
    expect(input(/Дата отправки/).value).toBe('25.11.2026');
    expect(timeShown()).toBe('18:30');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Каждую неделю' }).checked).toBe(true);
    expect(input(/Повторять до/).value).toBe('31.12.2026');

    fireEvent.click(screen.getByRole('radio', { name: 'Один раз' }));
    expect(screen.queryByLabelText(/Повторять до/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'В канал' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      text: '<b>Новая закупка:</b> зимняя обувь',
      pictureId: null,
      buttonText: 'Смотреть',
      buttonUrl: 'https://vmeste.example/catalog',
      sendAt: '2026-11-25T18:30',
      repeat: 'none',
      repeatUntil: null,
      toChannel: false,
      toSubscribers: true,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
