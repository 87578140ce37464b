import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { runAction } from './run-action';
import { useFormFields } from './use-form-fields';
import { useFormSubmit } from './use-form-submit';

const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

const schema = z.object({ name: z.string().min(1, 'Укажите имя') });
const conflict = { statusCode: 409, error: 'Conflict', message: 'Такое имя уже есть', field: 'name' };

function renderForm(send: (body: { name: string }) => Promise<unknown>, onSuccess = vi.fn()) {
  return renderHook(() => {
    const form = useFormFields({ name: '' });
    const submit = useFormSubmit(form, { schema, send, onSuccess });
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
