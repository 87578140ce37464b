import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/db/data-dir-lock.js';

/** The embedded database's folder lock (docs/decisions/032) without starting a server. */
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function freshDir(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-lock-'));
  return dir;
}

/** A process that has run and ended: its pid is free. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data folder lock', () => {
  it('is taken, refused to a second holder while held, and free again once released', () => {
    const folder = freshDir();
    const lock = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(folder)).toThrow(
      new RegExp(
        `^Папка данных ${folder} уже занята другим процессом «Вместе» \\(pid ${process.pid}, запущен \\d\\d\\.\\d\\d\\.\\d{4} в \\d\\d:\\d\\d по Москве\\)`,
      ),
    );
    lock.release();
    expect(fs.existsSync(path.join(folder, 'instance.lock'))).toBe(false);
    lockDataDir(folder).release();
  });

  it('takes over the lock of a process that is gone (kill -9), and one half written', async () => {
    const folder = freshDir();
    const lockPath = path.join(folder, 'instance.lock');
    fs.writeFileSync(
      lockPath,
      JSON.stringify({ pid: await deadPid(), startTicks: '1', hostname: os.hostname(), since: new Date().toISOString() }),
    );
    const lock = lockDataDir(folder);
    expect(JSON.parse(fs.readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();

    fs.writeFileSync(lockPath, '{"pid":');
    lockDataDir(folder).release();
  });

  it('a live pid that started at another time is a reused pid, not the holder', () => {
    const folder = freshDir();
    const lockPath = path.join(folder, 'instance.lock');
    // The parent process is alive, but the lock says its holder started at another moment.
    fs.writeFileSync(
      lockPath,
      JSON.stringify({ pid: process.ppid, startTicks: '1', hostname: os.hostname(), since: new Date().toISOString() }),
    );
    lockDataDir(folder).release();
  });

  it('a live holder on this machine blocks, and releasing does not remove a lock that is not ours', () => {
    const folder = freshDir();
    const lockPath = path.join(folder, 'instance.lock');
    const holder = JSON.stringify({ pid: process.ppid, startTicks: null, hostname: os.hostname(), since: new Date().toISOString() });
    fs.writeFileSync(lockPath, holder);
    expect(() => lockDataDir(folder)).toThrow(`pid ${process.ppid}`);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(holder);
  });
});
