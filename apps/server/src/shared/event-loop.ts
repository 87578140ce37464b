import { Readable } from 'node:stream';

/** Lets the event loop run whatever is waiting (other requests, timers, I/O) before going on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `work` on every item, letting the event loop go every `slice` items: a long array (an import's
 * 50,000 rows) is worked through without holding other requests for more than a few milliseconds.
 */
export async function inSlices<T>(items: readonly T[], work: (item: T, index: number) => void, slice = 2_000): Promise<void> {
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0 && i % slice === 0) await yieldToEventLoop();
    work(items[i]!, i);
  }
}

/**
 * JSON of an object whose arrays may be long, as a stream made a slice of items at a time with the
 * event loop let go in between: JSON.stringify (or a schema check) of 50,000 rows at once holds it for
 * a second, and so does compressing them handed over as one string. Fastify sends a stream as it is,
 * without serializing it again.
 */
export function jsonInSlices(value: object, slice = 2_000): Readable {
  async function* pieces(): AsyncGenerator<string> {
    let first = true;
    yield '{';
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      if (!Array.isArray(item)) {
        yield JSON.stringify(item);
        continue;
      }
      yield '[';
      for (let i = 0; i < item.length; i += slice) {
        await yieldToEventLoop();
        yield (i > 0 ? ',' : '') + JSON.stringify(item.slice(i, i + slice)).slice(1, -1);
      }
      yield ']';
    }
    yield '}';
  }
  return Readable.from(pieces(), { objectMode: false });
}
