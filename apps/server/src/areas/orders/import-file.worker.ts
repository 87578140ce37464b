import { createHash } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ImportRow } from '@vmeste/contract';
import { AppError } from '../../shared/app-error.js';
import { type ImportFileAck, type ImportFileMessage, type ImportFileRequest, readImportFile } from './import-file.js';
import { checkImportRow } from './import-row.js';

/**
 * Reads and checks orders files off the server's event loop (for readImportRows): unzipping, parsing
 * and checking 50,000 rows takes seconds of CPU that would otherwise stall every other request. The
 * rows go back in batches, so the server takes each in a few milliseconds.
 */
const BATCH = 2_000;
const port = parentPort!;

// On a busy machine this thread yields the CPU to the server's event loop: a file may take a second
// longer to read, but no other request waits for it. Linux names the thread in /proc/thread-self.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // Elsewhere the worker runs at the server's priority.
}
const post = (message: ImportFileMessage) => port.postMessage(message);

/**
 * The last files read, by their content: the page previews a file and then applies the very same bytes,
 * so the apply takes the rows already read (seconds of unzipping and parsing for 50,000 rows of XLSX).
 * The rows are cloned on each send, so the server's changes to them never come back here.
 */
const RECENT_FILES = 2;
const recent = new Map<string, ImportRow[]>();

async function rowsOf(data: Uint8Array): Promise<ImportRow[]> {
  const key = createHash('sha256').update(data).digest('hex');
  const known = recent.get(key);
  if (known) return known;
  const rows = (await readImportFile(Buffer.from(data.buffer, data.byteOffset, data.byteLength))).map(checkImportRow);
  recent.set(key, rows);
  if (recent.size > RECENT_FILES) recent.delete(recent.keys().next().value!);
  return rows;
}

/** Each batch waits until the server took the one before: queued messages are all unpacked in one go, holding its event loop. */
const taken = new Map<number, () => void>();

async function read({ id, data }: ImportFileRequest) {
  try {
    const rows = await rowsOf(data);
    for (let i = 0; i < rows.length; i += BATCH) {
      const next = new Promise<void>((resolve) => taken.set(id, resolve));
      post({ id, rows: rows.slice(i, i + BATCH) });
      await next;
    }
    post({ id, done: true });
  } catch (error) {
    post({
      id,
      error:
        error instanceof AppError
          ? { statusCode: error.statusCode, message: error.message, field: error.field }
          : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    });
  } finally {
    taken.delete(id);
  }
}

port.on('message', (message: ImportFileRequest | ImportFileAck) => {
  if ('taken' in message) taken.get(message.id)?.();
  else void read(message);
});
