import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { runAction } from './run-action';
import { useFormFields } from './use-form-fields';
import { useFormSubmit } from './use-form-submit';

const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

const schema = z.object({ name: z.string().min(1, 'Укажите имя') });
const conflict = { statusCode: 409, error: 'Conflict', message: 'Такое имя уже есть', field: 'name' };

function renderForm(
  send: (body: { name: string }) => Promise<unknown>,
  onSuccess = vi.fn(),
  formSchema: Parameters<typeof useFormSubmit>[1]['schema'] = schema,
) {
  return renderHook(() => {
    const form = useFormFields({ name: '' });
    const submit = useFormSubmit(form, { schema: formSchema, send, onSuccess });
    return { form, ...submit };
  });
}

describe('useFormSubmit', () => {
  beforeEach(() => notifications.show.mockClear());

  it('sends nothing while the body fails the schema, and shows the message under its field', async () => {
    const send = vi.fn();
    const { result } = renderForm(send);
    await act(() => result.current.submit({ name: '' }));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.form.errors).toEqual({ name: 'Укажите имя' });
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('passes the answer and the body to onSuccess', async () => {
    const onSuccess = vi.fn();
    const { result } = renderForm(() => Promise.resolve({ id: 1 }), onSuccess);
    await act(() => result.current.submit({ name: 'Вера' }));
    expect(onSuccess).toHaveBeenCalledWith({ id: 1 }, { name: 'Вера' });
    expect(result.current.isSubmitting).toBe(false);
  });

  it('puts a server error under its field and shows the error toast for 3000 ms', async () => {
    const { result } = renderForm(() => Promise.reject(conflict));
    await act(() => result.current.submit({ name: 'Вера' }));
    expect(result.current.form.errors).toEqual({ name: 'Такое имя уже есть' });
    expect(notifications.show).toHaveBeenCalledWith(
      // The form shows the message too, so the toast is a polite status rather than a second alert.
      expect.objectContaining({ title: 'Ошибка', message: 'Такое имя уже есть', autoClose: 3000, role: 'status' }),
    );
  });

  it('shows an error without a field above the form, with the default text when the server gave none', async () => {
    const { result } = renderForm(() => Promise.reject({ statusCode: 500, error: 'Internal Server Error', message: '' }));
    await act(() => result.current.submit({ name: 'Вера' }));
    expect(result.current.form.formError).toBe('Упс, промох разработчика');
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ошибка', message: 'Упс, промох разработчика' }));
  });

  it('shows no toast for a 401, which signs the user out instead', async () => {
    const { result } = renderForm(() => Promise.reject({ statusCode: 401, error: 'Unauthorized', message: 'Сессия завершена' }));
    await act(() => result.current.submit({ name: 'Вера' }));
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('useFormSubmit with a schema loaded when the form is first touched', () => {
  beforeEach(() => notifications.show.mockClear());

  it('loads the schema once, from prepare, and checks the body with it before sending', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const send = vi.fn(() => Promise.resolve({ id: 1 }));
    const { result } = renderForm(send, vi.fn(), lazySchema(load));
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.prepare());
    await act(() => result.current.submit({ name: '' }));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.form.errors).toEqual({ name: 'Укажите имя' });
    await act(() => result.current.submit({ name: 'Вера' }));
    expect(send).toHaveBeenCalledWith({ name: 'Вера' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.isSubmitting).toBe(false);
  });

  it('is busy while the schema comes, so a second tap sends nothing twice', async () => {
    let arrive: (value: typeof schema) => void = () => undefined;
    const { result } = renderForm(
      vi.fn(),
      vi.fn(),
      lazySchema(() => new Promise((resolve) => (arrive = resolve))),
    );
    let sending: Promise<void> = Promise.resolve();
    act(() => void (sending = result.current.submit({ name: '' })));
    expect(result.current.isSubmitting).toBe(true);
    await act(async () => {
      arrive(schema);
      await sending;
    });
    expect(result.current.isSubmitting).toBe(false);
    expect(result.current.form.errors).toEqual({ name: 'Укажите имя' });
  });

  it('sends the body to the server, which checks it with the same schema, when the schema cannot be loaded', async () => {
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const send = vi.fn(() => Promise.resolve({ id: 1 }));
    const { result } = renderForm(send, vi.fn(), lazySchema(load));
    await act(() => result.current.submit({ name: 'Вера' }));
    expect(send).toHaveBeenCalledWith({ name: 'Вера' });
    // A failed load is not remembered: the next submit tries again.
    await act(() => result.current.submit({ name: 'Вера' }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('runAction', () => {
  beforeEach(() => notifications.show.mockClear());

  it('shows the error toast as an alert and resolves false when the action fails', async () => {
    await expect(runAction(() => Promise.reject(conflict), 'Готово')).resolves.toBe(false);
    expect(notifications.show).toHaveBeenCalledTimes(1);
    const shown = notifications.show.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(shown).toMatchObject({ title: 'Ошибка', message: 'Такое имя уже есть', autoClose: 3000 });
    expect(shown.role).toBeUndefined();
  });

  it('shows the success toast when given', async () => {
    await expect(runAction(() => Promise.resolve(), 'Карта удалена')).resolves.toBe(true);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Успешно', message: 'Карта удалена' }));
  });
});
