// The shop as operators run it once one machine is not enough, on this one machine: N instances of
// the built server on one PostgreSQL database, behind nginx with deploy/nginx/vmeste.conf.
// `npm run cluster` starts it and stops it on Ctrl+C; the rolling-restart test and
// bench/cluster-load.mjs start it through startCluster().
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const siteConfig = path.join(root, 'deploy/nginx/vmeste.conf');
const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The nginx binary, installing Debian's package when this is root with apt; otherwise says how. */
export function ensureNginx(log = console.log) {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => fs.existsSync(p));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      'Для кластера нужен nginx, а его на этой машине нет. Установите пакет nginx ' +
        '(Debian и Ubuntu: sudo apt-get install nginx) и запустите команду снова.',
    );
  }
  log('nginx не установлен: ставлю пакет Debian nginx (apt-get install nginx)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit', env }).status !== 0) {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit', env });
  }
  return '/usr/sbin/nginx';
}

/** The URL of database `name` on the server of `baseUrl`, creating it (empty) when missing, or anew when `isFresh`. */
export async function ensureDatabase(baseUrl, name, { isFresh = false } = {}) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Имя базы данных «${name}»: только латинские строчные буквы, цифры и _`);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    if (isFresh) await client.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits until the instance is ready: /api/ready answers 200 (or /api/health, where /api/ready does not exist). */
export async function waitReady(url, { timeoutMs = 120_000, hasExited = () => false, output = () => '' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let readyPath = '/api/ready';
  for (;;) {
    if (hasExited()) throw new Error(`экземпляр ${url} завершился при старте:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`экземпляр ${url} не ответил на ${readyPath} за ${timeoutMs / 1000} с:\n${output()}`);
    const status = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (status === 404 && readyPath === '/api/ready') readyPath = '/api/health';
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** deploy/nginx/vmeste.conf with this machine's ports: the instances' in the upstream, the proxy's in `listen`. */
export function siteConfigFor({ port, instancePorts }) {
  const lines = fs.readFileSync(siteConfig, 'utf8').split('\n');
  const upstream = /^(\s*)server 127\.0\.0\.1:\d+(.*)$/;
  const first = lines.findIndex((line) => upstream.test(line));
  const listen = lines.findIndex((line) => /^\s*listen 80;$/.test(line));
  if (first < 0 || listen < 0) throw new Error(`${siteConfig}: no upstream servers or no «listen 80;» to replace`);
  const [, indent, options] = upstream.exec(lines[first]);
  const servers = instancePorts.map((p) => `${indent}server 127.0.0.1:${p}${options}`);
  return lines
    .flatMap((line, i) => {
      if (i === first) return servers;
      if (upstream.test(line)) return [];
      if (i === listen) return [line.replace('listen 80;', `listen 127.0.0.1:${port};`)];
      return [line];
    })
    .join('\n');
}

/** nginx's main file for a proxy of its own (no daemon, everything under `runDir`) around the site file. */
function nginxMainConfig(runDir) {
  const temp = (name) => {
    const dir = path.join(runDir, 'nginx-temp', name);
    fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
    fs.chmodSync(dir, 0o777); // the workers may run as another user than the master
    return dir;
  };
  fs.mkdirSync(path.join(runDir, 'nginx-temp'), { mode: 0o755 });
  fs.chmodSync(runDir, 0o755);
  return `daemon off;
worker_processes 2;
pid ${path.join(runDir, 'nginx.pid')};
error_log ${path.join(runDir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${path.join(runDir, 'vmeste.conf')};
}
`;
}

function keepOutput(child) {
  let text = '';
  const keep = (chunk) => (text = (text + chunk.toString()).slice(-30_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

function exitOf(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Starts the cluster: the database (created when missing, with demo data on its first start), the
 * instances on `port + 1 …`, nginx on `port`. The first instance starts alone, so the migrations
 * and the demo data are written once; the others start together after it.
 */
export async function startCluster({
  port = 3400,
  instances = 3,
  databaseUrl = process.env.DATABASE_URL || defaultDatabaseUrl,
  database = 'vmeste_cluster',
  isFresh = false,
  env = {},
  log = console.log,
} = {}) {
  if (!fs.existsSync(serverMain)) throw new Error(`${serverMain} не собран: npm run build (или npm run cluster, он собирает сам)`);
  const nginx = ensureNginx(log);
  const url = await ensureDatabase(databaseUrl, database, { isFresh });
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-cluster-'));
  // One DATA_DIR for every instance (uploads are in PostgreSQL; anything kept on disk is shared too).
  const dataDir = path.join(runDir, 'data');
  fs.mkdirSync(dataDir);
  const publicUrl = `http://127.0.0.1:${port}`;
  const instancePorts = Array.from({ length: instances }, (_, i) => port + 1 + i);

  /** @type {{ index: number, port: number, url: string, child: import('node:child_process').ChildProcess, exited: Promise<number | null>, output: () => string }[]} */
  const running = [];

  function spawnInstance(index, { isSeeding = false } = {}) {
    const instancePort = instancePorts[index];
    const child = spawn(process.execPath, [serverMain], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // Demo data and the test payment provider need development mode (decision 022).
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SEED_DEMO: isSeeding ? '1' : '0',
        HOST: '127.0.0.1',
        PORT: String(instancePort),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance = {
      index,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      child,
      exited: exitOf(child),
      output: keepOutput(child),
    };
    running[index] = instance;
    return instance;
  }

  async function startInstance(index, options) {
    const instance = spawnInstance(index, options);
    await waitReady(instance.url, { hasExited: () => instance.child.exitCode !== null, output: instance.output });
    return instance;
  }

  let proxy = null;
  async function stop() {
    await Promise.all(
      running.map(async (instance) => {
        if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
        await instance.exited;
      }),
    );
    if (proxy && proxy.exitCode === null) {
      proxy.kill('SIGQUIT');
      await exitOf(proxy);
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  }

  try {
    log(`Экземпляр 1 из ${instances} (миграции и, в пустой базе, демо-данные)…`);
    await startInstance(0, { isSeeding: true });
    log(`Экземпляры 2–${instances}…`);
    await Promise.all(instancePorts.slice(1).map((_, i) => startInstance(i + 1)));

    fs.writeFileSync(path.join(runDir, 'vmeste.conf'), siteConfigFor({ port, instancePorts }));
    fs.writeFileSync(path.join(runDir, 'nginx.conf'), nginxMainConfig(runDir));
    const configArgs = ['-p', runDir, '-e', path.join(runDir, 'nginx-error.log'), '-c', path.join(runDir, 'nginx.conf')];
    execFileSync(nginx, ['-t', '-q', ...configArgs], { stdio: ['ignore', 'ignore', 'inherit'] });
    proxy = spawn(nginx, configArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    const proxyOutput = keepOutput(proxy);
    await waitReady(publicUrl, { hasExited: () => proxy.exitCode !== null, output: proxyOutput, timeoutMs: 15_000 });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: publicUrl,
    databaseUrl: url,
    dataDir,
    runDir,
    instances: running,
    get nginxPid() {
      return proxy?.pid;
    },
    startInstance,
    /** A clean stop (SIGTERM) of one instance; answers its exit code. */
    async stopInstance(index) {
      const instance = running[index];
      instance.child.kill('SIGTERM');
      return instance.exited;
    },
    stop,
  };
}

async function main() {
  const port = Number(process.env.CLUSTER_PORT ?? 3400);
  const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
  const database = process.env.CLUSTER_DATABASE ?? 'vmeste_cluster';
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs')], { stdio: 'inherit' });
  const cluster = await startCluster({ port, instances, database });
  console.log(
    `\nВместе работает в кластере: ${cluster.url}\n` +
      `  nginx (deploy/nginx/vmeste.conf) → ${cluster.instances.map((i) => i.url).join(', ')}\n` +
      `  база данных: ${cluster.databaseUrl.replace(/\/\/[^@]*@/, '//')} (демо-аккаунты — в README, пароль demo12345)\n` +
      `Ctrl+C останавливает всё.`,
  );
  let isStopping = false;
  const stopAll = async (signal) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`\n${signal}: останавливаю экземпляры и nginx…`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stopAll('SIGINT'));
  process.on('SIGTERM', () => void stopAll('SIGTERM'));
  for (const instance of cluster.instances) {
    void instance.exited.then((code) => {
      if (!isStopping) console.error(`Экземпляр ${instance.url} завершился (код ${code}):\n${instance.output().slice(-3000)}`);
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
