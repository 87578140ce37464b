import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BonusSettingsPanel, EXPIRY_TAKES_EFFECT_NOTE, SETTINGS_TAKE_EFFECT_NOTE } from './bonus-settings-form';
import { renderInApp, sampleSettings, stubApi } from '../test/bonus-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.show.mockClear();
});

const SETTINGS = '/bonus/settings';
const current = sampleSettings();
const earlier = sampleSettings({ defaultPercent: 3, since: '2025-12-01T09:00:00.000Z', changedBy: null, expiryDays: 365 });
const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

describe('BonusSettingsPanel', () => {
  it('sends the typed values, the moment and the expiry, and shows the history', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === SETTINGS) return { body: { current, history: [current, earlier] } };
      if (method === 'PUT' && path === SETTINGS) {
        const saved = { ...current, ...(body as object), since: '2026-03-05T10:00:00.000Z' };
        return { body: { current: saved, history: [saved, current, earlier] } };
      }
      return undefined;
    });
    renderInApp(<BonusSettingsPanel />, { path: '/admin/bonus/settings' });

    expect((await screen.findByTestId('settings-note')).textContent).toContain(SETTINGS_TAKE_EFFECT_NOTE);
    expect(field('Кешбэк по умолчанию, %').value).toBe('5');
    expect(screen.getByText('не сгорают')).toBeTruthy();
    expect(screen.getByText('365 дней')).toBeTruthy();
    // Bonuses never expire by default: no days field until the switch is on.
    expect(screen.queryByRole('textbox', { name: 'Срок жизни бонусов, дней' })).toBeNull();

    fireEvent.change(field('Кешбэк по умолчанию, %'), { target: { value: '7,5' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Сразу после оплаты' }));
    fireEvent.click(screen.getByRole('switch', { name: /Бонусы сгорают/ }));
    fireEvent.change(field('Срок жизни бонусов, дней'), { target: { value: '90' } });
    save();

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      defaultPercent: 7.5,
      referralPercent: 3,
      spendCapPercent: 30,
      creditOn: 'payment',
      expiryDays: 90,
    });
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green' })));
  });

  it('on a fresh shop says the defaults are in force since it opened, lists them in the history, and that a lifetime reaches no earlier bonuses', async () => {
    const defaults = sampleSettings({ defaultPercent: 3, referralPercent: 1, since: null, changedBy: null });
    stubApi(({ method, path }) =>
      method === 'GET' && path === SETTINGS ? { body: { current: defaults, history: [defaults] } } : undefined,
    );
    renderInApp(<BonusSettingsPanel />, { path: '/admin/bonus/settings' });

    expect(await screen.findByText('Действуют с открытия магазина')).toBeTruthy();
    expect(screen.getByText('открытия магазина')).toBeTruthy();
    expect(screen.getByText('исходные настройки')).toBeTruthy();
    expect(document.body.textContent).not.toContain('1970');
    expect(screen.getByTestId('expiry-note').textContent).toBe(EXPIRY_TAKES_EFFECT_NOTE);
    expect(EXPIRY_TAKES_EFFECT_NOTE).toMatch(/^Срок касается бонусов, начисленных после сохранения/);
  });

  it('sends no expiry when the switch is off and puts the server’s message under its field', async () => {
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === SETTINGS) return { body: { current: sampleSettings({ expiryDays: 30 }), history: [] } };
      if (method === 'PUT')
        return {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: 'Доля оплаты бонусами — от 0 до 100', field: 'spendCapPercent' },
        };
      return undefined;
    });
    renderInApp(<BonusSettingsPanel />, { path: '/admin/bonus/settings' });

    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Срок жизни бонусов, дней' })).value).toBe('30');
    fireEvent.click(screen.getByRole('switch', { name: /Бонусы сгорают/ }));
    save();

    const input = field('Доля оплаты бонусами, %');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const wrapper = input.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(wrapper).getByText('Доля оплаты бонусами — от 0 до 100')).toBeTruthy();
    expect((calls.find((c) => c.method === 'PUT')!.body as { expiryDays: unknown }).expiryDays).toBeNull();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Ошибка', message: 'Доля оплаты бонусами — от 0 до 100' }),
    );
  });

  it('checks the form with the contract before sending', async () => {
    const calls = stubApi(({ method, path }) => (method === 'GET' && path === SETTINGS ? { body: { current, history: [] } } : undefined));
    renderInApp(<BonusSettingsPanel />, { path: '/admin/bonus/settings' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'За приглашённого друга, %' }), { target: { value: '' } });
    save();
    expect(await screen.findByText('Процент за приглашённого друга — число от 0 до 100')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
