import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoxberrySettingsPanel, DEMO_MODE_MESSAGE, NO_SECRETS_KEY_MESSAGE, OFF_MODE_MESSAGE } from './boxberry-settings-form';
import { renderInApp, sampleSettings, stubApi } from '../test/logistics-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = '/logistics/settings/boxberry';
const saveButton = () => screen.getByRole('button', { name: 'Сохранить' });
const tokenField = () => screen.getByLabelText('API-токен Boxberry');

function stubSettings(settings = sampleSettings()) {
  return stubApi(({ method, path, body }) => {
    if (method === 'GET' && path === SETTINGS) return { body: settings };
    if (method === 'PUT' && path === SETTINGS) {
      const sent = body as { token?: string };
      const tokenMasked = sent.token === '' ? null : sent.token ? `••••••••${sent.token.slice(-4)}` : settings.tokenMasked;
      const mode = tokenMasked !== null ? 'token' : settings.isEmulatorAvailable ? 'demo' : 'off';
      return { body: { ...settings, ...sent, tokenMasked, mode, isDemo: mode === 'demo' } };
    }
    if (method === 'POST' && path === `${SETTINGS}/check`)
      return { body: { isOk: true, message: 'Подключение работает: 8 городов', ms: 412 } };
    return undefined;
  });
}

describe('BoxberrySettingsPanel', () => {
  it('keeps the saved token when the field is left empty and sends it only when typed', async () => {
    const calls = stubSettings();
    renderInApp(<BoxberrySettingsPanel />);

    expect(await screen.findByText(/Сохранён: ••••••••a1b2/)).toBeTruthy();
    expect(screen.queryByText(DEMO_MODE_MESSAGE)).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const first = calls.find((c) => c.method === 'PUT')!.body;
    expect(first).toEqual({ senderPointCode: '77461', defaultLengthCm: 30, defaultWidthCm: 20, defaultHeightCm: 10 });
    expect(first).not.toHaveProperty('token');

    fireEvent.change(tokenField(), { target: { value: '  new-token-9f3c ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Высота, см' }), { target: { value: '15' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({
      token: 'new-token-9f3c',
      senderPointCode: '77461',
      defaultLengthCm: 30,
      defaultWidthCm: 20,
      defaultHeightCm: 15,
    });
    // Saved: the field empties again, and the description tells the new token's tail.
    await waitFor(() => expect(tokenField()).toHaveProperty('value', ''));
    expect(screen.getByText(/Сохранён: ••••••••9f3c/)).toBeTruthy();
  });

  it('removes the token only after a confirmation, with an empty token', async () => {
    const calls = stubSettings();
    renderInApp(<BoxberrySettingsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить токен' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить токен Boxberry?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить токен' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      token: '',
      senderPointCode: '77461',
      defaultLengthCm: 30,
      defaultWidthCm: 20,
      defaultHeightCm: 10,
    });
    expect(await screen.findByText(DEMO_MODE_MESSAGE)).toBeTruthy();
  });

  it('puts the server’s message under its field', async () => {
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === SETTINGS) return { body: sampleSettings() };
      return {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Длину — не больше 300 см', field: 'defaultLengthCm' },
      };
    });
    renderInApp(<BoxberrySettingsPanel />);
    await screen.findByText(/Сохранён/);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Длину — не больше 300 см')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Длина, см' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('tells the demo mode and what the connection check answered', async () => {
    stubSettings(sampleSettings({ tokenMasked: null, mode: 'demo', isDemo: true }));
    renderInApp(<BoxberrySettingsPanel />);
    expect(await screen.findByText(DEMO_MODE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Удалить токен' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Проверить подключение' }));
    const result = await screen.findByTestId('connection-check');
    expect(result.textContent).toContain('Подключение работает: 8 городов');
    expect(result.textContent).toContain('Ответ за 412 мс');
  });

  it('in production without a token: says Boxberry is off and what to do, and removing a token warns of it', async () => {
    stubSettings(sampleSettings({ tokenMasked: null, mode: 'off', isDemo: false, isEmulatorAvailable: false }));
    renderInApp(<BoxberrySettingsPanel />);
    expect(await screen.findByText(OFF_MODE_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(DEMO_MODE_MESSAGE)).toBeNull();
    expect(screen.queryByText(NO_SECRETS_KEY_MESSAGE)).toBeNull();
  });

  it('removing the token where there is no emulator: the confirmation says Boxberry goes off', async () => {
    stubSettings(sampleSettings({ isEmulatorAvailable: false }));
    renderInApp(<BoxberrySettingsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить токен' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить токен Boxberry?' });
    expect(dialog.textContent).toContain('Boxberry выключится');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить токен' }));
    expect(await screen.findByText(OFF_MODE_MESSAGE)).toBeTruthy();
  });

  it('without SECRETS_KEY on the server: says a token cannot be saved yet', async () => {
    stubSettings(sampleSettings({ tokenMasked: null, mode: 'off', isDemo: false, isEmulatorAvailable: false, canSaveToken: false }));
    renderInApp(<BoxberrySettingsPanel />);
    expect(await screen.findByText(NO_SECRETS_KEY_MESSAGE)).toBeTruthy();
  });
});
