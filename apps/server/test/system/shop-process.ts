import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The built server (`npm run build -w packages/contract && npm run build -w apps/server`), run as operators run it. */
export const builtMain = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export type ShopProcess = {
  url: string;
  child: ChildProcess;
  /** The last of what it printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once it has exited. */
  exited: Promise<number | null>;
};

export function requireBuiltServer(): void {
  if (!fs.existsSync(builtMain)) {
    throw new Error(`${builtMain} is missing: run npm run build -w packages/contract && npm run build -w apps/server`);
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns the built server with `env` over a clean environment (no DATABASE_URL unless given). */
export function spawnShop(env: Record<string, string>, script = builtMain, nodeArgs: string[] = []): Omit<ShopProcess, 'url'> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [...nodeArgs, script], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const keep = (chunk: Buffer) => (text = (text + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Spawns the server on a free port and waits until /api/health answers. */
export async function startShop(env: Record<string, string>, script = builtMain, nodeArgs: string[] = []): Promise<ShopProcess> {
  const port = await freePort();
  const shop = spawnShop({ ...env, HOST: '127.0.0.1', PORT: String(port) }, script, nodeArgs);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let hasExited = false;
  void shop.exited.then(() => (hasExited = true));
  for (;;) {
    if (hasExited) throw new Error(`the server exited at start:\n${shop.output()}`);
    if (Date.now() > deadline) {
      shop.child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 90 s:\n${shop.output()}`);
    }
    const isUp = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) return { ...shop, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
