import { describe, expect, it } from 'vitest';
import { isRefundByHand, refundByHandBodySchema } from './payments.js';

describe('isRefundByHand', () => {
  const transfer = { refundKopecks: 500, isOnline: false };
  const card = { refundKopecks: 500, isOnline: true };

  it('asks for a comment when money goes back as money from a payment the provider does not return', () => {
    expect(isRefundByHand('money', [card, transfer])).toBe(true);
    expect(isRefundByHand('money', [card])).toBe(false);
    expect(isRefundByHand('money', [{ ...transfer, refundKopecks: 0 }])).toBe(false);
  });

  it('never to the bonus account', () => {
    expect(isRefundByHand('bonus', [transfer])).toBe(false);
  });

  it('the body of such a refund requires the comment', () => {
    expect(refundByHandBodySchema.safeParse({ comment: '  ' }).success).toBe(false);
    expect(refundByHandBodySchema.parse({ comment: ' перевели на карту ' })).toEqual({ comment: 'перевели на карту' });
  });
});
