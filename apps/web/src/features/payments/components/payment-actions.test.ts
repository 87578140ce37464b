import { describe, expect, it } from 'vitest';
import { availableActionsOf } from './payment-actions';

const money = { amountKopecks: 10000, refundedKopecks: 0 };

describe('availableActionsOf', () => {
  it('lets a transfer on check be confirmed, rejected or canceled', () => {
    expect(availableActionsOf({ ...money, status: 'awaiting_check', method: 'transfer' })).toEqual({
      canConfirm: true,
      canReject: true,
      canCancel: true,
      canRefund: false,
    });
  });

  it('confirms a pending transfer without a receipt, but never an online payment', () => {
    expect(availableActionsOf({ ...money, status: 'pending', method: 'transfer' })).toMatchObject({ canConfirm: true, canReject: false });
    expect(availableActionsOf({ ...money, status: 'pending', method: 'card' })).toMatchObject({ canConfirm: false, canCancel: true });
  });

  it('refunds only what came and has not gone back', () => {
    expect(availableActionsOf({ ...money, status: 'succeeded', method: 'cash' }).canRefund).toBe(true);
    expect(availableActionsOf({ amountKopecks: 10000, refundedKopecks: 4000, status: 'succeeded', method: 'sbp' }).canRefund).toBe(true);
    expect(availableActionsOf({ amountKopecks: 10000, refundedKopecks: 10000, status: 'refunded', method: 'sbp' }).canRefund).toBe(false);
    expect(availableActionsOf({ ...money, status: 'canceled', method: 'card' })).toEqual({
      canConfirm: false,
      canReject: false,
      canCancel: false,
      canRefund: false,
    });
  });
});
