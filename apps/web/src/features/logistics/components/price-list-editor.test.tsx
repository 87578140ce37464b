import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, sampleVersion, stubApi } from '../test/logistics-test-kit';
import { moscowToday } from './logistics-texts';
import { PriceListEditor } from './price-list-editor';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const boxberryOnly = sampleVersion({
  tariffs: [
    { kind: 'boxberry', fromGrams: 0, toGrams: 1000, priceKopecks: 30_000 },
    { kind: 'boxberry', fromGrams: 1001, toGrams: 5000, priceKopecks: 45_050 },
  ],
});
const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить новую версию' }));

describe('PriceListEditor', () => {
  it('starts from the tariffs in force, adds a row after the heaviest band and sends prices in kopecks', async () => {
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === '/logistics/price-list'
        ? { status: 201, body: sampleVersion({ appliesFrom: moscowToday() }) }
        : undefined,
    );
    const onDone = vi.fn();
    renderInApp(<PriceListEditor initial={boxberryOnly.tariffs} onDone={onDone} />);

    expect(field('Цена, ₽, строка 2')).toHaveProperty('value', '450,50');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить строку' }));
    expect(field('Вес от, г, строка 3')).toHaveProperty('value', '5 001');
    fireEvent.change(field('Вес до, г, строка 3'), { target: { value: '10000' } });
    fireEvent.change(field('Цена, ₽, строка 3'), { target: { value: '600,5' } });
    save();

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      appliesFrom: moscowToday(),
      tariffs: [
        { kind: 'boxberry', fromGrams: 0, toGrams: 1000, priceKopecks: 30_000 },
        { kind: 'boxberry', fromGrams: 1001, toGrams: 5000, priceKopecks: 45_050 },
        { kind: 'boxberry', fromGrams: 5001, toGrams: 10_000, priceKopecks: 60_050 },
      ],
    });
  });

  it('shows the server’s refusal and keeps the rows', async () => {
    const message = '«Пункт выдачи Boxberry»: на 01.04.2026 уже есть версия прайс-листа';
    stubApi(() => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message, field: 'tariffs' } }));
    const onDone = vi.fn();
    renderInApp(<PriceListEditor initial={boxberryOnly.tariffs} onDone={onDone} />);
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onDone).not.toHaveBeenCalled();
    expect(field('Цена, ₽, строка 1')).toHaveProperty('value', '300');
  });

  it('catches overlapping bands and unreadable prices before asking the server', async () => {
    const calls = stubApi(() => undefined);
    renderInApp(<PriceListEditor initial={boxberryOnly.tariffs} onDone={vi.fn()} />);
    fireEvent.change(field('Вес от, г, строка 2'), { target: { value: '900' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('«Пункт выдачи Boxberry»: диапазоны 0–1000 г и 900–5000 г пересекаются');

    fireEvent.change(field('Вес от, г, строка 2'), { target: { value: '1001' } });
    fireEvent.change(field('Цена, ₽, строка 1'), { target: { value: 'триста' } });
    save();
    expect(await screen.findByText('Цена — в рублях, например 350 или 349,90')).toBeTruthy();
    expect(field('Цена, ₽, строка 1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('removes a row', async () => {
    const calls = stubApi(({ path }) => (path === '/logistics/price-list' ? { status: 201, body: sampleVersion() } : undefined));
    const onDone = vi.fn();
    renderInApp(<PriceListEditor initial={boxberryOnly.tariffs} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить строку 1' }));
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect((calls[0]!.body as { tariffs: unknown[] }).tariffs).toEqual([
      { kind: 'boxberry', fromGrams: 1001, toGrams: 5000, priceKopecks: 45_050 },
    ]);
  });
});
