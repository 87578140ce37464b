import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HandOverModal } from './hand-over-modal';
import { renderInApp, sampleParcel, stubApi } from '../test/warehouse-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const MISMATCH = 'Последние 4 цифры телефона не совпадают: проверьте, тот ли это клиент';

describe('HandOverModal', () => {
  it('shows whose parcel it is, sends the four digits and shows the server’s refusal under the field', async () => {
    const parcel = sampleParcel({ number: 7 });
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === `/warehouse/parcels/${parcel.id}/hand-over`
        ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: MISMATCH, field: 'phoneLast4' } }
        : undefined,
    );
    const onClose = vi.fn();
    renderInApp(<HandOverModal parcel={parcel} onClose={onClose} />);

    expect(await screen.findByRole('dialog', { name: 'Выдать посылку № 7' })).toBeTruthy();
    expect(screen.getByText('Иванова Мария')).toBeTruthy();
    expect(screen.getByText('+7 (900) 000-**-**')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /Последние 4 цифры телефона/ });
    fireEvent.change(field, { target: { value: '12-34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Выдать' }));

    expect(await screen.findByText(MISMATCH)).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ phoneLast4: '1234' }]);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes once the parcel is handed over', async () => {
    const parcel = sampleParcel();
    stubApi(({ path }) => (path.endsWith('/hand-over') ? { body: { ...parcel, status: 'delivered' } } : undefined));
    const onClose = vi.fn();
    const onHandedOver = vi.fn();
    renderInApp(<HandOverModal parcel={parcel} onClose={onClose} onHandedOver={onHandedOver} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Последние 4 цифры телефона/ }), { target: { value: '0004' } });
    fireEvent.click(screen.getByRole('button', { name: 'Выдать' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onHandedOver).toHaveBeenCalled();
  });

  it('wants exactly four digits before asking the server', async () => {
    const calls = stubApi(() => undefined);
    renderInApp(<HandOverModal parcel={sampleParcel()} onClose={vi.fn()} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Последние 4 цифры телефона/ }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Выдать' }));
    expect(await screen.findByText('Введите последние 4 цифры телефона')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
