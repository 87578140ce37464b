import { describe, expect, it } from 'vitest';
import { plural } from './plural.js';

describe('plural', () => {
  it.each([
    [1, 'секунду'],
    [2, 'секунды'],
    [4, 'секунды'],
    [5, 'секунд'],
    [11, 'секунд'],
    [12, 'секунд'],
    [14, 'секунд'],
    [21, 'секунду'],
    [22, 'секунды'],
    [111, 'секунд'],
    [0, 'секунд'],
  ])('%i → %s', (n, expected) => {
    expect(plural(n, 'секунду', 'секунды', 'секунд')).toBe(expected);
  });
});
