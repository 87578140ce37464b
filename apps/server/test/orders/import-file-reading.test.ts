import { describe, expect, it } from 'vitest';
import { readImportRows } from '../../src/areas/orders/import-file.js';
import { csvOf, IMPORT_HEADER } from '../fixtures/purchases-kit.js';

/**
 * The worker keeps the rows of the last files it read, so applying a previewed file does not read it
 * again. What the server does with one reading's rows (names of accounts, errors added) must never show
 * in the next reading of the same bytes, and other bytes are read anew.
 */
describe('reading an orders file twice', () => {
  const file = Buffer.from(
    csvOf([
      IMPORT_HEADER,
      ['+7 900 111-22-33', 'Иванова Анна', 'Шапка', 'A-1', 'красная', '2', '150,50'],
      ['9001112234', '', 'Шарф', '', '', 'две', '10'],
    ]),
  );

  it('gives the same checked rows, each reading its own copy', async () => {
    const first = await readImportRows(file);
    expect(first.map((r) => [r.rowNumber, r.phone, r.quantity, r.unitPriceKopecks, r.errors.length])).toEqual([
      [2, '79001112233', 2, 15_050, 0],
      [3, '79001112234', null, 1_000, 1],
    ]);
    first[0]!.errors.push('добавлено сервером');
    first[0]!.accountName = 'Анна';
    const second = await readImportRows(Buffer.from(file));
    expect(second[0]!.errors).toEqual([]);
    expect(second[0]!.accountName ?? null).toBeNull();
    expect(second.map((r) => r.rowNumber)).toEqual([2, 3]);
  });

  it('reads a changed file anew', async () => {
    const changed = Buffer.from(csvOf([IMPORT_HEADER, ['+7 900 111-22-33', 'Иванова Анна', 'Шапка', 'A-1', 'красная', '3', '150,50']]));
    const rows = await readImportRows(changed);
    expect(rows.map((r) => r.quantity)).toEqual([3]);
  });
});
