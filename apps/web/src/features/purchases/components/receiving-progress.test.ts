import { describe, expect, it } from 'vitest';
import { receivingProgressText } from './purchases-table';

describe('receiving progress of a purchase', () => {
  it('«Принято X из Y строк» with the plural after «из»', () => {
    expect(receivingProgressText({ receivedLinesCount: 0, linesCount: 1 })).toBe('Принято 0 из 1 строки');
    expect(receivingProgressText({ receivedLinesCount: 3, linesCount: 4 })).toBe('Принято 3 из 4 строк');
    expect(receivingProgressText({ receivedLinesCount: 12, linesCount: 21 })).toBe('Принято 12 из 21 строки');
    expect(receivingProgressText({ receivedLinesCount: 40, linesCount: 40 })).toBe('Принято 40 из 40 строк');
  });
});
