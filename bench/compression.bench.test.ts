import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { entryAssets } from '../scripts/check-entry-size.mjs';
import { seedDemoPurchases } from '../apps/server/src/seed/demo-purchases.js';
import { createTestApp, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';

/**
 * What compression saves: the web app's entry (the scripts and styles index.html loads before any
 * route chunk) as built in apps/web/dist, raw beside its .br and .gz made at build time, then as the
 * server sends it with and without Accept-Encoding; and one JSON answer above 1 KB, compressed on
 * the fly. Prints sizes and ratios; asserts only that each answer decodes to the file or the JSON.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'apps/web/dist');
const indexHtml = path.join(distDir, 'index.html');

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : null);
const kib = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KiB`);
/** What a request says it accepts: nothing, a browser's usual header, gzip only. */
const acceptEncodings = [
  ['sent (no Accept-Encoding)', ''],
  ['sent (gzip, deflate, br, zstd)', 'gzip, deflate, br, zstd'],
  ['sent (gzip)', 'gzip'],
] as const;
const share = (part: number | null, whole: number) => (part === null ? '—' : `${Math.round((part / whole) * 100)} %`);

let ctx: TestContext;
beforeAll(async () => {
  if (!fs.existsSync(indexHtml)) throw new Error('apps/web/dist is missing: run npm run build -w apps/web first');
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(() => ctx?.close());

it('the web entry: build output and what the server sends', async () => {
  // The files index.html loads at once, as the entry budget (scripts/check-entry-size.mjs) counts them.
  const assets = entryAssets(distDir);
  expect(assets.some((a) => a.kind === 'js')).toBe(true);
  const rows = [];
  const unprecompressed: string[] = [];
  const totals = { js: { raw: 0, br: 0, gz: 0 }, css: { raw: 0, br: 0, gz: 0 } };
  const sentTotals = { js: new Map<string, number>(), css: new Map<string, number>() };
  for (const { url, kind } of assets) {
    const file = path.join(distDir, url);
    const raw = fs.readFileSync(file);
    const br = size(`${file}.br`);
    const gz = size(`${file}.gz`);
    totals[kind].raw += raw.length;
    totals[kind].br += br ?? raw.length;
    totals[kind].gz += gz ?? raw.length;
    if (br === null || gz === null) unprecompressed.push(`${url} (${kib(raw.length)})`);
    const sent: Record<string, string> = {};
    for (const [label, acceptEncoding] of acceptEncodings) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      expect(answer.statusCode).toBe(200);
      const encoding = answer.headers['content-encoding'];
      const body = answer.rawPayload;
      const decoded = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
      expect(decoded.equals(raw)).toBe(true);
      sent[label] = `${kib(body.length)} ${encoding ?? 'identity'}`;
      sentTotals[kind].set(label, (sentTotals[kind].get(label) ?? 0) + body.length);
    }
    rows.push({
      file: url,
      raw: kib(raw.length),
      '.br': `${kib(br)} ${share(br, raw.length)}`,
      '.gz': `${kib(gz)} ${share(gz, raw.length)}`,
      ...sent,
    });
  }
  console.log(
    `web entry: the ${assets.length} files index.html loads before any route chunk, as built in apps/web/dist ` +
      '(raw, .br and .gz with their share of raw) and as the server sends them (app.inject) for each Accept-Encoding',
  );
  console.table(rows);
  if (unprecompressed.length > 0) {
    console.log(
      `without .br/.gz beside them (counted raw in the totals; precompress skips files under 1 KiB): ${unprecompressed.join(', ')}`,
    );
  }
  for (const kind of ['js', 'css'] as const) {
    const t = totals[kind];
    if (t.raw === 0) continue;
    console.log(
      `compression ${kind === 'js' ? 'entry JavaScript' : 'entry CSS'}: raw ${kib(t.raw)}, br ${kib(t.br)} (${share(t.br, t.raw)}, ` +
        `${(t.raw / t.br).toFixed(1)}× smaller), gzip ${kib(t.gz)} (${share(t.gz, t.raw)}, ${(t.raw / t.gz).toFixed(1)}× smaller); ` +
        [...sentTotals[kind]].map(([label, bytes]) => `${label} ${kib(bytes)} (${share(bytes, t.raw)})`).join(', '),
    );
  }
});

it('a JSON answer above 1 KB: the purchases list, compressed on the fly', async () => {
  await seedDemoPurchases(ctx.app.areas);
  const admin = await signInAs(ctx.app, 'admin');
  const url = '/api/purchases?page=1&pageSize=50';
  const plain = await ctx.app.inject({ method: 'GET', url, headers: admin });
  expect(plain.statusCode).toBe(200);
  expect(plain.rawPayload.length).toBeGreaterThan(1024);
  const rows = [
    { 'accept-encoding': '(none)', 'content-encoding': plain.headers['content-encoding'] ?? '(none)', sent: plain.rawPayload.length },
  ];
  for (const acceptEncoding of ['gzip, deflate, br, zstd', 'gzip']) {
    const answer = await ctx.app.inject({ method: 'GET', url, headers: { ...admin, 'accept-encoding': acceptEncoding } });
    expect(answer.statusCode).toBe(200);
    const encoding = answer.headers['content-encoding'];
    const body = answer.rawPayload;
    const decoded = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
    expect(JSON.parse(decoded.toString())).toEqual(plain.json());
    rows.push({ 'accept-encoding': acceptEncoding, 'content-encoding': encoding ?? '(none)', sent: body.length });
  }
  console.log(`JSON answer GET ${url} (admin, demo purchases):`);
  console.table(rows.map((r) => ({ ...r, 'sent/raw': share(r.sent, plain.rawPayload.length) })));
  const [, br, gz] = rows;
  console.log(
    `compression JSON: raw ${plain.rawPayload.length} B, br ${br!.sent} B (${share(br!.sent, plain.rawPayload.length)}), ` +
      `gzip ${gz!.sent} B (${share(gz!.sent, plain.rawPayload.length)})`,
  );
});
