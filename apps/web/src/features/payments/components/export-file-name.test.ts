import { describe, expect, it } from 'vitest';
import { exportFileNameOf } from './export-file-name';

describe('exportFileNameOf', () => {
  it('names the file after the purchase', () => {
    expect(exportFileNameOf({ purchaseTitle: 'Детская одежда «Мамин Дом» — осень' })).toBe(
      'Оплаты — Детская одежда «Мамин Дом» — осень.xlsx',
    );
  });

  it('names the file after the period in DD.MM.YYYY', () => {
    expect(exportFileNameOf({ from: '2026-05-01', to: '2026-05-31' })).toBe('Оплаты — 01.05.2026–31.05.2026.xlsx');
  });

  it('replaces characters a file system refuses', () => {
    expect(exportFileNameOf({ purchaseTitle: 'Посуда 1/2: "кухня"?' })).toBe('Оплаты — Посуда 1 2 кухня.xlsx');
    expect(exportFileNameOf({ purchaseTitle: '///' })).toBe('Оплаты — выгрузка.xlsx');
  });
});
