import { endpoints } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, type DownloadProgress, downloadEndpoint, setUnauthorizedHandler } from './api-client';
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

describe('downloadEndpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  const PAYMENT = '00000000-0000-4000-8000-000000000001';

  function streamOf(chunks: Uint8Array[]) {
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
  }

  it('reads the bytes with the bearer token, reporting each chunk received', async () => {
    writeStored('token', 'secret-token');
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(streamOf([new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])]), {
        status: 200,
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: DownloadProgress[] = [];
    const blob = await downloadEndpoint(
      endpoints.payments.export,
      { query: { purchaseId: PAYMENT } },
      { onProgress: (p) => progress.push(p) },
    );
    expect(blob.size).toBe(5);
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(progress.map((p) => p.receivedBytes)).toEqual([0, 3, 5]);
    expect(progress.every((p) => p.totalBytes === null)).toBe(true);
    const { url, headers } = sent(fetchMock);
    expect(url.pathname).toBe('/api/payments/export');
    expect(url.searchParams.get('purchaseId')).toBe(PAYMENT);
    expect(headers.authorization).toBe('Bearer secret-token');
  });

  it('knows the total when the server sends a length', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(streamOf([new Uint8Array(4)]), { status: 200, headers: { 'content-length': '4' } })),
    );
    const progress: DownloadProgress[] = [];
    await downloadEndpoint(endpoints.payments.receiptFile, { params: { id: PAYMENT } }, { onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)).toEqual({ receivedBytes: 4, totalBytes: 4 });
  });

  it('rethrows an error answer as its body plus statusCode, like callEndpoint', async () => {
    vi.stubGlobal('fetch', answer(404, { statusCode: 404, error: 'Not Found', message: 'Закупка не найдена' }));
    await expect(downloadEndpoint(endpoints.payments.export, { query: { purchaseId: PAYMENT } })).rejects.toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Закупка не найдена',
    });
  });
});
