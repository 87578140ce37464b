import { endpoints } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, setUnauthorizedHandler } from './api-client';
import { writeStored } from './storage';

vi.mock('@mantine/nprogress', () => ({ nprogress: { start: vi.fn(), complete: vi.fn() } }));

function answer(status: number, body: unknown) {
  return vi
    .fn()
    .mockResolvedValue(
      new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
}

function sent(fetchMock: ReturnType<typeof answer>) {
  const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

describe('callEndpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored token as a bearer header under /api', async () => {
    writeStored('token', 'secret-token');
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(callEndpoint(endpoints.users.me)).resolves.toEqual({ ok: true });
    const { url, init, headers } = sent(fetchMock);
    expect(init.method).toBe('GET');
    expect(url.pathname).toBe('/api/users/my');
    expect(headers.authorization).toBe('Bearer secret-token');
  });

  it('sends the body as JSON with the declared method', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(endpoints.auth.forgotPassword, { body: { phone: '+7 (900) 000-00-04' } });
    const { url, init, headers } = sent(fetchMock);
    expect(init.method).toBe('POST');
    expect(url.pathname).toBe('/api/auth/forgot-password');
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '+7 (900) 000-00-04' });
  });

  it('puts the encoded params into the path and the query into the address, leaving out empty values', async () => {
    const fetchMock = answer(200, { items: [], total: 0 });
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(endpoints.orders.getByLink, { params: { id: 'a b/c?' } });
    expect(sent(fetchMock).url.pathname).toBe('/api/orders/a%20b%2Fc%3F');

    const listMock = answer(200, { items: [], total: 0 });
    vi.stubGlobal('fetch', listMock);
    await callEndpoint(endpoints.orders.list, { query: { purchaseId: undefined, phone: '', page: 2, pageSize: 20 } });
    expect(sent(listMock).url.search).toBe('?page=2&pageSize=20');
  });

  it('uploads a file endpoint as multipart form data in the field `file`', async () => {
    const fetchMock = answer(200, { isApplied: false });
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['Телефон;ФИО'], 'orders.csv', { type: 'text/csv' });
    await callEndpoint(endpoints.orders.import, {
      params: { id: '00000000-0000-4000-8000-000000000001' },
      query: { dryRun: 'true' },
      file,
    });
    const { url, init, headers } = sent(fetchMock);
    expect(url.pathname).toBe('/api/purchases/00000000-0000-4000-8000-000000000001/orders/import');
    expect(url.searchParams.get('dryRun')).toBe('true');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init.body as FormData).get('file') as File).name).toBe('orders.csv');
    // The browser sets the multipart boundary itself.
    expect(headers['content-type']).toBeUndefined();
  });

  it('rethrows an error answer as its body plus statusCode', async () => {
    vi.stubGlobal('fetch', answer(409, { statusCode: 409, error: 'Conflict', message: 'Этот телефон уже зарегистрирован' }));
    const body = { phone: '79000000004', name: 'Имя', surname: 'Фамилия', password: 'secret-pass', acceptPolicy: true as const };
    await expect(callEndpoint(endpoints.auth.signUp, { body })).rejects.toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Этот телефон уже зарегистрирован',
    });
  });

  it('calls the logout handler on any 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', answer(401, { statusCode: 401, error: 'Unauthorized', message: 'Сессия завершена' }));
    await expect(callEndpoint(endpoints.users.me)).rejects.toMatchObject({ statusCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
