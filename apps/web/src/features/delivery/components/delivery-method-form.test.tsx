import type { PublicSettings } from '@vmeste/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '@/lib/session';
import { notifications } from '@mantine/notifications';
import { type ApiAnswer, type ApiCall, renderInApp, stubApi } from '@/lib/test-api';
import { sampleUser } from '@/test/samples';
import { DeliveryMethodForm } from './delivery-method-form';
import { sampleCity, sampleMethod, samplePoint, sampleSettings, sampleSuggestion } from '../test/delivery-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const user = sampleUser({ id: '00000000-0000-4000-8000-000000000999' });

const tverskaya = samplePoint({ code: '77001', name: 'Москва Тверская', address: 'ул. Тверская, д. 7' });
const arbat = samplePoint({ code: '77002', name: 'Москва Арбат', address: 'ул. Арбат, д. 10' });

/** The server of these tests: settings, cities, points searched by `q`, suggestions, and saving. */
function stubDeliveryApi(settings: PublicSettings, extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined): ApiCall[] {
  return stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/settings/public') return { body: settings };
    if (call.path === '/delivery/cities') return { body: [sampleCity(), sampleCity({ code: '92', name: 'Казань', region: 'Татарстан' })] };
    if (call.path === '/delivery/points') {
      const q = (call.query.get('q') ?? '').toLowerCase();
      return { body: [tverskaya, arbat].filter((p) => p.address.toLowerCase().includes(q)) };
    }
    if (call.method === 'POST' && call.path === '/delivery/methods') {
      return { status: 201, body: sampleMethod({ title: 'Сохранён' }) };
    }
    return undefined;
  });
}

const saved = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/delivery/methods');

function renderForm(onDone = vi.fn()) {
  renderInApp(<DeliveryMethodForm method={null} isFirst={false} onDone={onDone} />, { path: '/personal/delivery' });
  return onDone;
}

// jsdom has no scrolling; Mantine's dropdowns scroll the chosen option into view.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => saveSession({ accessToken: 'token', user }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('DeliveryMethodForm', () => {
  it('takes the recipient from the client and will not save until phone, name and surname are all given', async () => {
    const calls = stubDeliveryApi(sampleSettings());
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Самовывоз' }));
    expect(await screen.findByText('Москва, ул. Складская, д. 1')).toBeTruthy();

    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Телефон/ }).value).toBe('+7 (900) 123-45-67');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Имя/ }).value).toBe('Мария');
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Добавить' });
    expect(save.disabled).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /Фамилия/ }), { target: { value: ' ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Имя/ }), { target: { value: '' } });
    expect(save.disabled).toBe(true);
    expect(screen.getByTestId('recipient-missing').textContent).toBe('Чтобы сохранить, укажите имя и фамилию получателя');
    fireEvent.submit(save.form!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saved(calls)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Имя/ }), { target: { value: 'Анна' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Фамилия/ }), { target: { value: 'Петрова' } });
    expect(screen.queryByTestId('recipient-missing')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]!.body).toEqual({
      kind: 'pickup',
      recipient: { phone: '+7 (900) 123-45-67', name: 'Анна', surname: 'Петрова' },
      isDefault: false,
    });
  });

  it('no cities with points (Boxberry off on the server): says so instead of an empty city list', async () => {
    stubDeliveryApi(sampleSettings(), (call) => (call.path === '/delivery/cities' ? { body: [] } : undefined));
    renderForm();
    expect(await screen.findByText('Доставка в пункты выдачи Boxberry сейчас недоступна: выберите курьера или самовывоз')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Город/ })).toBeNull();
  });

  it('chooses a Boxberry point: the city first, then a point found by the typed address', async () => {
    const calls = stubDeliveryApi(sampleSettings());
    const onDone = renderForm();

    // No city yet: no points are asked for, and saving asks for a point under the city.
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Выберите пункт выдачи')).toBeTruthy();
    expect(calls.some((c) => c.path === '/delivery/points')).toBe(false);

    const city = screen.getByRole('combobox', { name: /Город/ });
    fireEvent.click(city);
    fireEvent.click(await screen.findByRole('option', { name: 'Казань (Татарстан)' }));
    fireEvent.click(city);
    fireEvent.click(await screen.findByRole('option', { name: 'Москва' }));
    expect(await screen.findByRole('radio', { name: /^Тверская/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Арбат/ })).toBeTruthy();
    expect(calls.find((c) => c.path === '/delivery/points')?.query.get('cityCode')).toBe('92');
    expect(
      calls
        .filter((c) => c.path === '/delivery/points')
        .at(-1)
        ?.query.get('cityCode'),
    ).toBe('68');

    const mapLinks = screen.getAllByRole('link', { name: 'На карте' });
    expect(mapLinks[0]!.getAttribute('href')).toBe(tverskaya.mapUrl);
    expect(mapLinks[0]!.getAttribute('target')).toBe('_blank');

    fireEvent.change(screen.getByRole('textbox', { name: 'Найти пункт выдачи' }), { target: { value: 'Арбат' } });
    await waitFor(() => expect(screen.queryByRole('radio', { name: /^Тверская/ })).toBeNull());
    expect(
      calls
        .filter((c) => c.path === '/delivery/points')
        .at(-1)
        ?.query.get('q'),
    ).toBe('Арбат');
    fireEvent.click(screen.getByRole('radio', { name: /^Арбат/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saved(calls)[0]!.body).toEqual({
      kind: 'boxberry',
      pointCode: '77002',
      recipient: { phone: '+7 (900) 123-45-67', name: 'Мария', surname: 'Иванова' },
      isDefault: false,
    });
  });

  it('fills the postal code and the city from a chosen address suggestion and keeps its coordinates', async () => {
    const suggestion = sampleSuggestion();
    const calls = stubDeliveryApi(sampleSettings(), (call) =>
      call.path === '/address/suggest'
        ? {
            body: {
              isEnabled: true,
              suggestions: [suggestion, sampleSuggestion({ value: 'г Москва, ул Тверская, д 9', postalCode: '125010' })],
            },
          }
        : undefined,
    );
    const onDone = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Курьер' }));
    await screen.findByText(/выберите подсказку/);

    const address = screen.getByRole('combobox', { name: /Адрес доставки/ });
    fireEvent.focus(address);
    fireEvent.change(address, { target: { value: 'Тверская 7' } });
    fireEvent.click(await screen.findByRole('option', { name: 'г Москва, ул Тверская, д 7' }));
    expect(calls.find((c) => c.path === '/address/suggest')?.body).toEqual({ query: 'Тверская 7' });

    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Индекс/ }).value).toBe('125009'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Город/ }).value).toBe('Москва');
    fireEvent.change(screen.getByRole('textbox', { name: 'Квартира, подъезд, этаж' }), { target: { value: 'кв. 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saved(calls)[0]!.body).toMatchObject({
      kind: 'courier',
      address: { value: 'г Москва, ул Тверская, д 7', postalCode: '125009', city: 'Москва', lat: 55.757, lon: 37.613, details: 'кв. 12' },
    });
  });

  it('is a plain address field when the shop has suggestions off, and the client types the postal code and the city', async () => {
    const calls = stubDeliveryApi(sampleSettings({ isAddressSuggestEnabled: false }));
    const onDone = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Курьер' }));

    expect(await screen.findByText('Подсказки адресов выключены: введите адрес полностью')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Адрес доставки/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Адрес доставки/ }), { target: { value: 'Казань, ул. Баумана, д. 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Почтовый индекс — 6 цифр')).toBeTruthy();
    expect(screen.getByText('Укажите город')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Индекс/ }), { target: { value: '420111' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Город/ }), { target: { value: 'Казань' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.some((c) => c.path === '/address/suggest')).toBe(false);
    expect(saved(calls)[0]!.body).toMatchObject({
      kind: 'courier',
      address: { value: 'Казань, ул. Баумана, д. 1', postalCode: '420111', city: 'Казань', lat: null, lon: null },
    });
  });

  it('turns into a plain field when the server answers that suggestions are off', async () => {
    stubDeliveryApi(sampleSettings(), (call) =>
      call.path === '/address/suggest' ? { body: { isEnabled: false, suggestions: [] } } : undefined,
    );
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Курьер' }));
    const address = await screen.findByRole('combobox', { name: /Адрес доставки/ });
    fireEvent.change(address, { target: { value: 'Каз' } });
    expect(await screen.findByText('Подсказки адресов выключены: введите адрес полностью')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Адрес доставки/ })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Адрес доставки/ }).value).toBe('Каз');
  });

  it('past the shop’s limit (429): a plain field for the rest of the form, no more requests and no error', async () => {
    vi.mocked(notifications.show).mockClear();
    const calls = stubDeliveryApi(sampleSettings(), (call) =>
      call.path === '/address/suggest'
        ? {
            status: 429,
            body: {
              statusCode: 429,
              error: 'Too Many Requests',
              message: 'Слишком много подсказок адреса подряд: введите адрес полностью или подождите 40 секунд',
              retryAfterSeconds: 40,
            },
          }
        : undefined,
    );
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Курьер' }));
    const address = await screen.findByRole('combobox', { name: /Адрес доставки/ });
    fireEvent.change(address, { target: { value: 'Каз' } });
    expect(await screen.findByText('Подсказки адресов сейчас недоступны: введите адрес полностью')).toBeTruthy();
    const plain = screen.getByRole<HTMLInputElement>('textbox', { name: /Адрес доставки/ });
    expect(plain.value).toBe('Каз');
    fireEvent.change(plain, { target: { value: 'Казань, ул. Баумана, д. 1' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((c) => c.path === '/address/suggest')).toHaveLength(1);
    expect(screen.queryByText(/Слишком много/)).toBeNull();
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('puts the server’s message about a nested field under that field', async () => {
    stubDeliveryApi(sampleSettings(), (call) =>
      call.method === 'POST' && call.path === '/delivery/methods'
        ? {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'Этот номер не принимает СМС', field: 'recipient.phone' },
          }
        : undefined,
    );
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Самовывоз' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    const phone = screen.getByRole('textbox', { name: /Телефон/ });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const field = phone.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(field).getByText('Этот номер не принимает СМС')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
