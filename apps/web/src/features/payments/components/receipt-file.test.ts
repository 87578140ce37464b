import { describe, expect, it } from 'vitest';
import { receiptFileProblem } from './receipt-file';

describe('receiptFileProblem', () => {
  it('accepts pictures and PDF up to 10 MB', () => {
    expect(receiptFileProblem({ size: 200_000, type: 'image/jpeg', name: 'чек.jpg' })).toBeNull();
    expect(receiptFileProblem({ size: 200_000, type: 'application/pdf', name: 'receipt.pdf' })).toBeNull();
    expect(receiptFileProblem({ size: 10 * 1024 * 1024, type: 'image/png', name: 'a.png' })).toBeNull();
  });

  it('accepts a HEIC photo that came without a type by its extension', () => {
    expect(receiptFileProblem({ size: 1_000_000, type: '', name: 'IMG_0001.HEIC' })).toBeNull();
    expect(receiptFileProblem({ size: 1_000_000, type: 'image/heif', name: 'IMG_0001.heif' })).toBeNull();
  });

  it('refuses a file over 10 MB, an empty file and other types, in Russian', () => {
    expect(receiptFileProblem({ size: 10 * 1024 * 1024 + 1, type: 'image/jpeg', name: 'big.jpg' })).toBe(
      'Файл больше 10 МБ — сохраните чек в меньшем размере',
    );
    expect(receiptFileProblem({ size: 0, type: 'image/jpeg', name: 'empty.jpg' })).toMatch(/пустой/);
    expect(receiptFileProblem({ size: 100, type: 'text/plain', name: 'note.txt' })).toMatch(/JPEG, PNG, WebP, HEIC/);
    expect(receiptFileProblem({ size: 100, type: '', name: 'archive.zip' })).toMatch(/или PDF/);
  });
});
