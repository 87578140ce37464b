import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
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

/** Each batch waits until the server took the one before: queued messages are all unpacked in one go, holding its event loop. */
const taken = new Map<number, () => void>();

async function read({ id, data }: ImportFileRequest) {
  try {
    const rows = (await readImportFile(Buffer.from(data.buffer, data.byteOffset, data.byteLength))).map(checkImportRow);
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
