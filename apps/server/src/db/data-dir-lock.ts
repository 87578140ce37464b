import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatMoscowDateTime } from '@vmeste/contract';

/** Who holds the folder: enough to tell a live holder from a dead one, and to name it in the message. */
type Holder = { pid: number; startTicks: string | null; hostname: string; since: string };

export class DataDirLockedError extends Error {}

export type DataDirLock = { release(): void };

const LOCK_NAME = 'instance.lock';

/**
 * The embedded database is one process's files: a second process on the same folder writes past the
 * first and leaves a database neither can open (docs/decisions/032). The folder is taken by creating
 * DATA_DIR/instance.lock exclusively with the holder's pid; a lock whose process is gone (kill -9,
 * a power cut) is stale and taken over, so a crash never blocks the next start.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  const me = JSON.stringify({
    pid: process.pid,
    startTicks: startTicksOf(process.pid),
    hostname: os.hostname(),
    since: new Date().toISOString(),
  } satisfies Holder);

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, me, { flag: 'wx' });
      return { release: () => releaseIfMine(lockPath, me) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = readOrNull(lockPath);
    if (text === null) continue; // released between our attempt and the read: try again
    const holder = parseHolder(text);
    if (holder && isAlive(holder)) throw new DataDirLockedError(lockedMessage(dataDir, holder));
    takeOverStale(lockPath, text);
  }
  throw new DataDirLockedError(`Не удалось занять папку данных ${dataDir}: файл ${lockPath} меняется другим процессом.`);
}

/**
 * Moves the stale lock aside under a name of our own and checks that what moved is the stale lock we
 * read: two processes starting at once over one stale lock cannot both take it, and a fresh lock moved
 * by mistake is put back.
 */
function takeOverStale(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readOrNull(aside) === staleText) {
    fs.rmSync(aside, { force: true });
    return;
  }
  // Another starter replaced the stale lock with its own in between: give it back (link fails if a third exists).
  try {
    fs.linkSync(aside, lockPath);
  } catch {
    // The folder is being fought over; the next attempt reads whoever holds it now.
  }
  fs.rmSync(aside, { force: true });
}

function releaseIfMine(lockPath: string, me: string): void {
  if (readOrNull(lockPath) === me) fs.rmSync(lockPath, { force: true });
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return typeof value.pid === 'number' ? (value as Holder) : null;
  } catch {
    return null; // a half-written lock of a process killed while writing it: nobody holds it
  }
}

/**
 * The holder's process still runs: its pid answers and, where /proc tells, it started when the lock
 * says, so a pid reused after a restart (a container's pid 1) is not taken for the holder. Only this
 * machine's processes can be checked: a recreated container gets a new hostname and must still start.
 */
function isAlive(holder: Holder): boolean {
  if (holder.pid === process.pid && holder.startTicks === startTicksOf(process.pid)) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const ticks = startTicksOf(holder.pid);
  return ticks === null || holder.startTicks === null || ticks === holder.startTicks;
}

/** The process's start time in clock ticks since boot (field 22 of /proc/PID/stat); null off Linux. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function lockedMessage(dataDir: string, holder: Holder): string {
  const where = holder.hostname === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} на компьютере ${holder.hostname}`;
  return [
    `Папка данных ${dataDir} уже занята другим процессом «Вместе» (${where}, запущен ${moscowTimeOf(holder.since)}).`,
    'Два процесса на одной встроенной базе испортят её. Остановите тот процесс или укажите другую папку в DATA_DIR;',
    'для нескольких экземпляров нужен PostgreSQL (DATABASE_URL).',
  ].join('\n');
}

/** «27.11.2026 в 04:32 по Москве». */
function moscowTimeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'в неизвестное время' : `${formatMoscowDateTime(date).replace(', ', ' в ')} по Москве`;
}
