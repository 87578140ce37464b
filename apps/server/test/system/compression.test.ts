import { endpoints } from '@vmeste/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call } from '../fixtures/requests.js';

let ctx: TestContext;
let distDir: string;
const script = `console.log(${JSON.stringify('Вместе '.repeat(2000))});`;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vmeste-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><html lang="ru"><body></body></html>');
  await fs.writeFile(path.join(distDir, 'assets', 'index-1.js'), script);
  await fs.writeFile(path.join(distDir, 'assets', 'index-1.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(distDir, 'assets', 'index-1.js.gz'), zlib.gzipSync(script));
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the precompressed asset the browser accepts, and the plain one otherwise', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/assets/index-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await ctx.app.inject({ method: 'GET', url: '/assets/index-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses a JSON answer above 1 KB and leaves a small one alone', async () => {
    const admin = await signInAs(ctx.app, 'admin');
    const big = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await call(ctx.app, endpoints.users.me, { headers: { ...admin, 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('phone');
  });
});
