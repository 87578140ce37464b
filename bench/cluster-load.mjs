// The cluster under load, one instance killed with -9 in the middle (issue 28 item 4).
// Starts `npm run cluster`'s cluster (3 instances behind nginx, its own database vmeste_cluster_bench,
// created anew), then 200 simulated clients for 60 s through nginx with an undici pool: shoppers open
// pages and read the API and pay their orders by link through the test provider (sandbox card);
// transfer payers send a receipt; admins import orders and confirm receipts. At 30 s one instance
// gets SIGKILL. Prints the requests, the failures by kind (each retried once), p50/p95/p99, which
// requests nginx saw cut on the killed instance, and then the money audit.
// Usage: node bench/cluster-load.mjs   (after npm run build; DATABASE_URL defaults to the local server)
// Env: LOAD_CLIENTS (200), LOAD_SECONDS (60), LOAD_KILL_AT_SECONDS (30), CLUSTER_PORT (3480).
// Exits 1 unless only requests cut on the killed instance failed, each retry of them succeeded and the
// money agrees: `npm run test:cluster` runs a short one (60 clients, 20 s) in CI after the rolling restart.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { FormData, Pool } from 'undici';
import { startCluster } from '../deploy/cluster.mjs';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const KILL_AT_SECONDS = Number(process.env.LOAD_KILL_AT_SECONDS ?? SECONDS / 2);
const ADMINS = 10;
const TRANSFER_PAYERS = 20;
const SHOPPERS = CLIENTS - ADMINS - TRANSFER_PAYERS;
const ORDERS_PER_SHOPPER = 40;
const ORDERS_PER_TRANSFER_PAYER = 10;
const PASSWORD = 'demo12345';
// The smallest real PNG (1 × 1), a receipt's photo.
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const cluster = await startCluster({ port: Number(process.env.CLUSTER_PORT ?? 3480), database: 'vmeste_cluster_bench', isFresh: true });
const pool = new Pool(cluster.url, { connections: CLIENTS + 20, pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 });
const db = new pg.Client({ connectionString: cluster.databaseUrl });
await db.connect();

/** @type {{ label: string, at: number, ms: number, status: number, error?: string }[]} */
const samples = [];
/** @type {{ label: string, method: string, path: string, at: number, kind: string, retry: string, isRetryOk: boolean }[]} */
const failures = [];
let startedAt = 0;
let isLoading = false;

/**
 * One request through nginx. `ok` lists the statuses that are a normal answer (409 where another
 * client got there first); anything else is a failure, recorded with its kind and retried once.
 */
async function call(label, method, urlPath, { headers = {}, json, form, ok = [200], isRetry = false } = {}) {
  const begun = performance.now();
  const begunAt = Date.now();
  let status = 0;
  let body = null;
  let error;
  try {
    const res = await pool.request({
      method,
      path: urlPath,
      headers: json ? { ...headers, 'content-type': 'application/json' } : headers,
      body: json ? JSON.stringify(json) : form,
    });
    status = res.statusCode;
    const text = await res.body.text();
    body = (res.headers['content-type'] ?? '').includes('json') && text ? JSON.parse(text) : text;
  } catch (err) {
    error = err.code ?? err.message;
  }
  const ms = performance.now() - begun;
  if (isLoading && !isRetry) samples.push({ label, at: (Date.now() - startedAt) / 1000, ms, status, error });
  if (!isRetry && (error || !ok.includes(status))) {
    const kind = error ? `network: ${error}` : `HTTP ${status}`;
    const retried = await call(label, method, urlPath, { headers, json, form, ok, isRetry: true });
    failures.push({
      label,
      method,
      path: urlPath.split('?')[0],
      at: (begunAt - startedAt) / 1000,
      ms,
      kind,
      retry: retried.error ? `network: ${retried.error}` : String(retried.status),
      isRetryOk: !retried.error && ok.includes(retried.status),
    });
    return retried;
  }
  return { status, body, error };
}

async function signIn(phone) {
  const res = await call('sign-in', 'POST', '/api/auth/signin', { json: { phone, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`вход ${phone}: ${res.status} ${JSON.stringify(res.body)}`);
  return { authorization: `Bearer ${res.body.accessToken}` };
}

function ordersCsv(count, firstClient) {
  const header = 'Телефон;ФИО;Товар;Артикул;Параметры;Количество;Цена';
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `79${100000000 + firstClient + i};Клиент ${firstClient + i};Товар ${i % 7};A-${i % 37};размер ${(i % 6) + 40};1;${(i % 50) * 10 + 99},90`,
  );
  return Buffer.from([header, ...rows].join('\n'));
}

function importForm(csv) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
  return form;
}

/** A purchase with `count` imported orders, open for payment; answers the orders' ids. */
async function purchaseForPayment(admin, cardId, title, count, firstClient) {
  const purchase = await call('setup', 'POST', '/api/purchases', {
    headers: admin,
    json: { title, organizerFeePercent: 10, cardId },
    ok: [201],
  });
  const imported = await call('setup', 'POST', `/api/purchases/${purchase.body.id}/orders/import`, {
    headers: admin,
    form: importForm(ordersCsv(count, firstClient)),
  });
  if (imported.status !== 200) throw new Error(`импорт: ${imported.status} ${JSON.stringify(imported.body)}`);
  for (const status of ['open', 'stopped', 'payment']) {
    const moved = await call('setup', 'POST', `/api/purchases/${purchase.body.id}/status`, { headers: admin, json: { status } });
    if (moved.status !== 200) throw new Error(`статус ${status}: ${moved.status} ${JSON.stringify(moved.body)}`);
  }
  const { rows } = await db.query('select id from orders where purchase_id = $1 order by number', [purchase.body.id]);
  return rows.map((r) => r.id);
}

// Setup: a card, one purchase for the shoppers' card payments, one for the transfers.
const admin = await signIn('79000000001');
const card = await call('setup', 'POST', '/api/cards', {
  headers: admin,
  json: { bank: 'Сбербанк', holderName: 'Анна Смирнова', number: '2200000000000004', sbpPhone: '79000000001' },
  ok: [201],
});
const shopperOrders = await purchaseForPayment(admin, card.body.id, 'Нагрузка: оплата картой', SHOPPERS * ORDERS_PER_SHOPPER, 0);
const transferOrders = await purchaseForPayment(
  admin,
  card.body.id,
  'Нагрузка: переводы',
  TRANSFER_PAYERS * ORDERS_PER_TRANSFER_PAYER,
  50_000,
);
const adminSessions = await Promise.all(Array.from({ length: ADMINS }, () => signIn('79000000001')));

/** What the clients were told: orders whose payment the provider reported paid, transfers confirmed. */
const paidByCard = new Set();
const confirmedTransfers = new Set();
const until = () => performance.now() < deadline;
let deadline = 0;

async function shopper(index) {
  const orders = shopperOrders.slice(index * ORDERS_PER_SHOPPER, (index + 1) * ORDERS_PER_SHOPPER);
  for (let i = 0; until(); i += 1) {
    const orderId = orders[i % orders.length];
    await call('page /', 'GET', '/');
    await call('page /order', 'GET', `/order/${orderId}`);
    const order = await call('api order', 'GET', `/api/orders/${orderId}`);
    await call('api settings', 'GET', '/api/settings/public');
    if (i % 3 !== 0 || order.body?.dueKopecks === 0 || paidByCard.has(orderId)) continue;
    const created = await call('pay by link', 'POST', '/api/payments/by-link', { json: { orderId, method: 'card' }, ok: [201, 409] });
    if (created.status !== 201) continue;
    const sandboxId = /\/sandbox-payment\/(sb_[0-9a-f-]{36})$/.exec(created.body.redirectUrl ?? '')?.[1];
    await call('sandbox page', 'GET', `/api/payments/sandbox/${sandboxId}`);
    const decided = await call('sandbox pay', 'POST', `/api/payments/sandbox/${sandboxId}`, { json: { decision: 'pay' }, ok: [200, 409] });
    if (decided.status === 200) paidByCard.add(orderId);
  }
}

async function transferPayer(index) {
  const orders = transferOrders.slice(index * ORDERS_PER_TRANSFER_PAYER, (index + 1) * ORDERS_PER_TRANSFER_PAYER);
  for (let i = 0; until() && i < orders.length; i += 1) {
    const orderId = orders[i];
    await call('page /order', 'GET', `/order/${orderId}`);
    const created = await call('pay by link', 'POST', '/api/payments/by-link', { json: { orderId, method: 'transfer' }, ok: [201, 409] });
    if (created.status !== 201) continue;
    const payment = created.body.payments[0];
    const form = new FormData();
    form.append('file', new Blob([RECEIPT_PNG], { type: 'image/png' }), 'чек.png');
    await call('receipt upload', 'POST', `/api/payments/${payment.id}/receipt?payer=${encodeURIComponent(created.body.payerToken)}`, {
      form,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function adminClient(index) {
  const headers = adminSessions[index];
  for (let i = 0; until(); i += 1) {
    const queue = await call('admin receipts', 'GET', '/api/payments/receipts', { headers });
    const waiting = Array.isArray(queue.body) ? queue.body : [];
    const payment = waiting[(index + i) % Math.max(1, waiting.length)];
    if (payment) {
      const confirmed = await call('admin confirm', 'POST', `/api/payments/${payment.id}/confirm`, { headers, json: {}, ok: [200, 409] });
      if (confirmed.status === 200) confirmedTransfers.add(payment.id);
    }
    await call('admin payments', 'GET', '/api/payments', { headers });
    await call('admin purchases', 'GET', '/api/purchases', { headers });
    if (index === 0 && i % 20 === 5) {
      // An admin imports a new purchase's orders (100 rows) now and then.
      const purchase = await call('admin import', 'POST', '/api/purchases', { headers, json: { title: `Импорт ${i}` }, ok: [201] });
      if (purchase.status === 201) {
        await call('admin import', 'POST', `/api/purchases/${purchase.body.id}/orders/import`, {
          headers,
          form: importForm(ordersCsv(100, 100_000 + i * 100)),
        });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The load, and the kill in the middle.
const victim = cluster.instances[1];
startedAt = Date.now();
isLoading = true;
deadline = performance.now() + SECONDS * 1000;
let killedAt = null;
const killer = setTimeout(() => {
  killedAt = (Date.now() - startedAt) / 1000;
  victim.child.kill('SIGKILL');
}, KILL_AT_SECONDS * 1000);
await Promise.all([
  ...Array.from({ length: SHOPPERS }, (_, i) => shopper(i)),
  ...Array.from({ length: TRANSFER_PAYERS }, (_, i) => transferPayer(i)),
  ...Array.from({ length: ADMINS }, (_, i) => adminClient(i)),
]);
isLoading = false;
clearTimeout(killer);
const elapsed = (Date.now() - startedAt) / 1000;

// Requests nginx saw cut on the killed instance (its error log names the upstream).
const nginxLog = fs.readFileSync(path.join(cluster.runDir, 'nginx-error.log'), 'utf8');
const cut = nginxLog
  .split('\n')
  .filter((line) => line.includes(`upstream: "http://127.0.0.1:${victim.port}`) && !line.includes('connect() failed'))
  .map((line) => /request: "(\w+) ([^ ?"]+)/.exec(line))
  .filter(Boolean)
  .map((m) => `${m[1]} ${m[2]}`);

function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const latencies = samples.map((s) => s.ms).sort((a, b) => a - b);
const byLabel = new Map();
for (const s of samples) byLabel.set(s.label, (byLabel.get(s.label) ?? 0) + 1);
const failuresByKind = new Map();
for (const f of failures) {
  const key = `${f.kind} on ${f.method} ${f.path.replace(/[0-9a-f-]{36}|sb_[0-9a-f-]{36}/g, ':id')} → retry ${f.retry}`;
  failuresByKind.set(key, (failuresByKind.get(key) ?? 0) + 1);
}
const notCut = failures.filter((f) => !cut.includes(`${f.method} ${f.path}`));
const retriesFailed = failures.filter((f) => !f.isRetryOk);

console.log(
  `\n=== cluster load: ${CLIENTS} clients (${SHOPPERS} shoppers, ${TRANSFER_PAYERS} transfer payers, ${ADMINS} admins), ${elapsed.toFixed(1)} s ===`,
);
console.log(`instance ${victim.url} killed with SIGKILL at ${killedAt?.toFixed(1)} s`);
console.log(`requests: ${samples.length} (${(samples.length / elapsed).toFixed(0)}/s)`);
for (const [label, n] of [...byLabel].sort((a, b) => b[1] - a[1])) console.log(`  ${label}: ${n}`);
console.log(
  `latency ms: p50 ${percentile(latencies, 50).toFixed(1)}, p95 ${percentile(latencies, 95).toFixed(1)}, p99 ${percentile(latencies, 99).toFixed(1)}, max ${latencies.at(-1)?.toFixed(1)}`,
);
console.log(`failed: ${failures.length}`);
for (const [kind, n] of failuresByKind) console.log(`  ${n} × ${kind}`);
for (const f of failures)
  console.log(`  sent at ${f.at.toFixed(2)} s, answered after ${Math.round(f.ms)} ms: ${f.method} ${f.path} ${f.kind}, retry ${f.retry}`);
console.log(
  `nginx: ${cut.length} requests cut on the killed instance (${[...new Set(cut)].length} distinct); failures not among them: ${notCut.length}; ` +
    `retries that failed too: ${retriesFailed.length}`,
);

// The money audit: the shop's own («Сверка», the same checks as npm run audit:money, on a surviving
// instance through nginx), then what the clients were told against the database.
await new Promise((resolve) => setTimeout(resolve, 2000));
const audit = await call('audit', 'GET', '/api/audit/money', { headers: admin });
const differences = audit.body?.differences ?? ['аудит не ответил'];
console.log(`\nmoney audit (GET /api/audit/money): ${audit.status}, differences: ${differences.length}`);
for (const difference of differences) console.log(`  ${JSON.stringify(difference)}`);
const twice = await db.query(`
  select pi.order_id, count(*) as n from payment_items pi join payments p on p.id = pi.payment_id
  where p.status = 'succeeded' group by pi.order_id having count(*) > 1`);
const { rows: paidRows } = await db.query(`select id, paid_kopecks, total_kopecks from orders where id = any($1::uuid[])`, [
  [...shopperOrders, ...transferOrders],
]);
const paidInDb = new Set(paidRows.filter((r) => Number(r.paid_kopecks) > 0).map((r) => r.id));
const lost = [...paidByCard].filter((id) => !paidInDb.has(id));
const notFull = paidRows.filter((r) => Number(r.paid_kopecks) > 0 && Number(r.paid_kopecks) !== Number(r.total_kopecks));
const { rows: confirmedRows } = await db.query(`select count(*) as n from payments where id = any($1::uuid[]) and status = 'succeeded'`, [
  [...confirmedTransfers],
]);
console.log(
  `money: ${paidByCard.size} orders paid by card as the clients were told, ${confirmedTransfers.size} transfers confirmed; ` +
    `paid orders in the database ${paidInDb.size}; paid by card but not in the database ${lost.length}; ` +
    `orders with two succeeded payments ${twice.rowCount}; paid orders not paid exactly their total ${notFull.length}; ` +
    `confirmed transfers succeeded ${confirmedRows[0].n} of ${confirmedTransfers.size}`,
);

await db.end();
await pool.close();
await cluster.stop();
const isClean =
  audit.status === 200 &&
  differences.length === 0 &&
  lost.length === 0 &&
  twice.rowCount === 0 &&
  notFull.length === 0 &&
  notCut.length === 0 &&
  retriesFailed.length === 0;
console.log(
  isClean ? 'OK: only requests cut on the killed instance failed, each retry succeeded, and the money agrees' : 'NOT OK: see above',
);
process.exit(isClean ? 0 : 1);
