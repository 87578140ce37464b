import { isPaymentOpen, type Payment } from '@vmeste/contract';

/**
 * What the admin may do with a payment in its state: confirm a transfer still open (with or without
 * its receipt, say the money is seen in the bank), reject a receipt on check, cancel anything open,
 * refund what came and has not gone back yet.
 */
export function availableActionsOf(payment: Pick<Payment, 'status' | 'method' | 'amountKopecks' | 'refundedKopecks'>) {
  const isOpen = isPaymentOpen(payment.status);
  return {
    canConfirm: isOpen && payment.method === 'transfer',
    canReject: payment.status === 'awaiting_check',
    canCancel: isOpen,
    canRefund: payment.status === 'succeeded' && payment.amountKopecks > payment.refundedKopecks,
  };
}
