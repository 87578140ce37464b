import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { expect } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../apps/server/src/seed/demo-accounts.js';

/** The built shop and other servers in their own processes, as benchmarks that measure a server need them. */
export const root = fileURLToPath(new URL('..', import.meta.url));
export const shopMain = path.join(root, 'apps/server/dist/main.js');

export type Server = { url: string; pid: number; stop(): Promise<void> };

/** One connection to a PostgreSQL database for the duration of `work` (creating, seeding, dropping). */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * CPU seconds a process has used (user + system), from /proc on Linux; null elsewhere. Throughput
 * moves with whatever else the machine runs, CPU time per request much less: both are printed.
 */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

/** Starts a Node script as a child process and waits until its /api/health answers 200. */
export async function startServer(
  name: string,
  script: string,
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
): Promise<Server> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer /api/health within 120 s:\n${output}`);
    }
    const isUp = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(killer);
    },
  };
}

export async function signInAsDemo(url: string, role: 'client' | 'admin' = 'client'): Promise<Record<string, string>> {
  const account = demoAccounts.find((a) => a.role === role && a.isConfirmedAccount)!;
  return signInAs(url, { phone: account.phone, password: DEMO_PASSWORD });
}

/** The Authorization header of a fresh session of that account. */
export async function signInAs(url: string, account: { phone: string; password: string }): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** A warning rather than a failure: the numbers are then those of the last build, which may be what is wanted. */
export function warnIfShopBuildIsStale() {
  if (!fs.existsSync(shopMain)) {
    throw new Error('apps/server/dist/main.js is missing: run npm run build -w packages/contract && npm run build -w apps/server');
  }
  const builtAt = fs.statSync(shopMain).mtimeMs;
  const sources = ['apps/server/src', 'packages/contract/src'].flatMap((dir) =>
    fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(root, dir, f)),
  );
  const newer = sources.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && fs.statSync(f).mtimeMs > builtAt);
  if (newer.length > 0) {
    console.warn(
      `apps/server/dist is older than ${newer.length} source files (${path.relative(root, newer[0]!)}…); ` +
        'these figures are those of the last build. Rebuild: npm run build -w packages/contract && npm run build -w apps/server',
    );
  }
}

/** The resident memory of a process in bytes, from /proc on Linux; null elsewhere. */
export function rssOf(pid: number): number | null {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D/g, '')) * 1024 : null;
  } catch {
    return null;
  }
}

/** Rows of the first sheet of an XLSX, read as a stream so the check itself does not hold the workbook. */
export async function xlsxRowsIn(data: Buffer): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), { worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows += 1;
    break;
  }
  return rows;
}
