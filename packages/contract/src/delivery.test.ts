import { describe, expect, it } from 'vitest';
import { pointAddressOf } from './delivery.js';

describe('pointAddressOf', () => {
  it('does not repeat a city that Boxberry’s address names already', () => {
    expect(pointAddressOf({ cityName: 'Казань', address: '420138, Казань г, Победы пр-кт, д.91' })).toBe('просп. Победы, д. 91, Казань');
  });

  it('puts the city last when the address lacks it', () => {
    expect(pointAddressOf({ cityName: 'Москва', address: 'ул. Тверская, д. 7' })).toBe('ул. Тверская, д. 7, Москва');
  });
});
