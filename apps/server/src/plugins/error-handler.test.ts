import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../shared/app-error.js';
import { errorHandlerPlugin } from './error-handler.js';

async function appWithRoutes() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream }, requestIdHeader: 'x-request-id' }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  app.get('/boom', async () => {
    throw new Error('connection to db://secret-host failed');
  });
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'Такая закупка уже есть', { field: 'title' });
  });
  app.get(
    '/bad-answer',
    { schema: { response: { 200: z.object({ id: z.string() }) } } },
    async () => ({ id: 42 }) as unknown as { id: string },
  );
  await app.ready();
  return { app, lines };
}

describe('error handler', () => {
  it('hides the internals of a 5xx and logs it with the request id', async () => {
    const { app, lines } = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'req-123' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Внутренняя ошибка сервера. Мы уже разбираемся, попробуйте позже',
    });
    expect(res.body).not.toContain('secret-host');
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; err?: { message: string } }).find((l) => l.err);
    expect(logged?.reqId).toBe('req-123');
    expect(logged?.err?.message).toContain('secret-host');
  });

  it('answers an AppError with its status, Russian message and field', async () => {
    const { app } = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Такая закупка уже есть', field: 'title' });
  });

  it('treats an answer that breaks its own schema as a server error', async () => {
    const { app } = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/bad-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Внутренняя ошибка сервера. Мы уже разбираемся, попробуйте позже');
  });
});
