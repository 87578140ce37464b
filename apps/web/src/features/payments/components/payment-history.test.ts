import { describe, expect, it } from 'vitest';
import { chronological, historyActorOf } from './payment-history';

describe('historyActorOf', () => {
  it('names the staff member when there is one', () => {
    expect(historyActorOf({ action: 'confirmed', actorName: 'Анна Смирнова' })).toBe('Анна Смирнова');
  });

  it('says where an action without an account comes from', () => {
    expect(historyActorOf({ action: 'receipt_uploaded', actorName: null })).toBe('Клиент');
    expect(historyActorOf({ action: 'provider_succeeded', actorName: null })).toBe('Платёжный сервис');
    expect(historyActorOf({ action: 'expired', actorName: null })).toBe('Магазин (автоматически)');
    expect(historyActorOf({ action: 'cash', actorName: null })).toBe('Магазин');
  });
});

describe('chronological', () => {
  it('puts the entries oldest first without changing the input', () => {
    const input = [{ at: '2026-05-02T10:00:00Z' }, { at: '2026-05-01T10:00:00Z' }];
    expect(chronological(input).map((e) => e.at)).toEqual(['2026-05-01T10:00:00Z', '2026-05-02T10:00:00Z']);
    expect(input[0]?.at).toBe('2026-05-02T10:00:00Z');
  });
});
