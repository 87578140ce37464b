import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler } from './api-client';
import { writeStored } from './storage';

vi.mock('@mantine/nprogress', () => ({ nprogress: { start: vi.fn(), complete: vi.fn() } }));

function answer(status: number, body: unknown) {
  return vi
    .fn()
    .mockResolvedValue(
      new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored token as a bearer header under /api', async () => {
    writeStored('token', 'secret-token');
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/users/my')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/users/my');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
  });

  it('rethrows an error answer as its body plus statusCode', async () => {
    vi.stubGlobal('fetch', answer(409, { statusCode: 409, error: 'Conflict', message: 'Этот телефон уже зарегистрирован' }));
    await expect(api.post('/auth/signup', {})).rejects.toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Этот телефон уже зарегистрирован',
    });
  });

  it('calls the logout handler on any 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', answer(401, { statusCode: 401, error: 'Unauthorized', message: 'Сессия завершена' }));
    await expect(api.get('/users/my')).rejects.toMatchObject({ statusCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
