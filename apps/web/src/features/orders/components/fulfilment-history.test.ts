import { describe, expect, it } from 'vitest';
import { fulfilmentStepOf, fulfilmentWhoWhenOf } from './fulfilment-history-modal';

describe('an order’s fulfilment history in words', () => {
  it('names both statuses, who and when in Moscow time', () => {
    expect(fulfilmentStepOf({ fromStatus: 'awaiting_goods', toStatus: 'arrived' })).toBe('Ожидает поступления → На складе');
    expect(fulfilmentWhoWhenOf({ actorName: 'Ирина Кладовщикова', createdAt: '2026-11-21T22:30:00Z' })).toBe(
      'Ирина Кладовщикова · 22.11.2026, 01:30',
    );
    expect(fulfilmentWhoWhenOf({ actorName: null, createdAt: '2026-11-21T09:05:00Z' })).toBe('Система · 21.11.2026, 12:05');
  });
});
