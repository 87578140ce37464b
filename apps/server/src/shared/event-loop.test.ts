import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { inSlices, jsonInSlices } from './event-loop.js';

describe('jsonInSlices', () => {
  it('gives the same JSON as JSON.stringify, whatever the slice size and arrays', async () => {
    const value = {
      isApplied: false,
      rows: Array.from({ length: 7 }, (_, i) => ({
        rowNumber: i + 2,
        phone: i % 2 ? null : `7912000000${i}`,
        errors: i === 3 ? ['«кавычки» и \\ "'] : [],
      })),
      empty: [],
      nothing: undefined,
      nested: { list: [1, 2], name: 'Иван' },
      total: 12_345,
    };
    for (const slice of [1, 2, 3, 7, 100]) {
      expect(await text(jsonInSlices(value, slice))).toBe(JSON.stringify(value));
    }
    expect(await text(jsonInSlices({}))).toBe('{}');
  });

  it('lets other work run between slices', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const pieces: number[] = [];
    await inSlices(
      Array.from({ length: 50 }, (_, i) => i),
      (item) => {
        pieces.push(item);
        const until = performance.now() + 1;
        while (performance.now() < until);
      },
      5,
    );
    clearInterval(timer);
    expect(pieces).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(ticks).toBeGreaterThan(0);
  });
});
