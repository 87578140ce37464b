import { describe, expect, it } from 'vitest';
import { sampleGroup, sampleLine } from '../test/warehouse-test-kit';
import { filterGroups, formatSizes, formatWeight, readUnits, receivingResultText, receivingStateOf } from './warehouse-texts';

describe('warehouse texts', () => {
  it('writes weights in grams with a thin group space and sizes only when measured', () => {
    expect(formatWeight(1250)).toBe('1\u00a0250 г');
    expect(formatWeight(800)).toBe('800 г');
    expect(formatSizes({ lengthCm: 40, widthCm: 30, heightCm: 20 })).toBe('40 × 30 × 20 см');
    expect(formatSizes({ lengthCm: null, widthCm: null, heightCm: null })).toBe('');
  });

  it('tells how many orders a receiving completed, in Russian plurals', () => {
    expect(receivingResultText({ arrivedOrdersCount: 0, shortOrdersCount: 0 })).toBe('Приёмка сохранена');
    expect(receivingResultText({ arrivedOrdersCount: 1, shortOrdersCount: 0 })).toBe(
      'Приёмка сохранена: 1 заказ принят до конца. Клиенту отправлено сообщение о поступлении',
    );
    expect(receivingResultText({ arrivedOrdersCount: 1, shortOrdersCount: 1 })).toBe(
      'Приёмка сохранена: 1 заказ принят до конца, с недостачей. Клиенту отправлено сообщение о поступлении',
    );
    expect(receivingResultText({ arrivedOrdersCount: 5, shortOrdersCount: 2 })).toBe(
      'Приёмка сохранена: 5 заказов приняты до конца, из них с недостачей — 2. Клиентам отправлены сообщения о поступлении',
    );
  });

  it('names the state of a product’s receiving', () => {
    expect(receivingStateOf(sampleGroup([sampleLine()])).label).toBe('Ждёт приёмки');
    expect(receivingStateOf(sampleGroup([sampleLine({ arrivedQuantity: 1 }), sampleLine()])).label).toBe('Принято частично');
    expect(receivingStateOf(sampleGroup([sampleLine({ arrivedQuantity: 1 })])).label).toBe('Поступило');
    expect(receivingStateOf(sampleGroup([sampleLine({ quantity: 3, arrivedQuantity: 1 })])).label).toBe('Недостача 2 шт.');
    expect(receivingStateOf(sampleGroup([sampleLine({ arrivedQuantity: 0 })])).label).toBe('Не поступило');
  });

  it('reads a typed count of units', () => {
    expect(readUnits('', 5)).toBeNull();
    expect(readUnits(3, 5)).toEqual({ value: 3 });
    expect(readUnits(0, 5)).toEqual({ value: 0 });
    expect(readUnits(6, 5)).toEqual({ error: 'Не больше 5' });
    expect(readUnits('1.5', 5)).toEqual({ error: 'Целое число от 0' });
  });

  it('filters products by text, an order number or a client, and by state', () => {
    const boots = sampleGroup([sampleLine({ orderNumber: 101, clientName: 'Сидорова Анна' })]);
    const felt = sampleGroup([sampleLine({ orderNumber: 102, arrivedQuantity: 0 })], {
      key: 'felt',
      product: 'Валенки',
      article: 'TP-115',
    });
    expect(filterGroups([boots, felt], 'tp-115', 'all')).toEqual([felt]);
    expect(filterGroups([boots, felt], '101', 'all')).toEqual([boots]);
    expect(filterGroups([boots, felt], 'сидорова', 'all')).toEqual([boots]);
    expect(filterGroups([boots, felt], '', 'waiting')).toEqual([boots]);
    expect(filterGroups([boots, felt], '', 'short')).toEqual([felt]);
  });
});
