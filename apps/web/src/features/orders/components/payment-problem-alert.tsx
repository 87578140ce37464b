import { Alert } from '@mantine/core';
import type { PublicOrder } from '@vmeste/contract';

/** Why the order's latest payment failed (the server says it, whoever paid), so the client knows what to fix before paying again. */
export function PaymentProblemAlert({ order }: { order: Pick<PublicOrder, 'paymentProblem' | 'isPayable'> }) {
  const problem = order.paymentProblem;
  if (!problem) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={problem.status === 'rejected' ? 'Чек отклонён' : 'Оплата отменена'}
      data-testid="payment-problem"
    >
      {problem.reason.replace(/[.!\s]+$/, '')}.{order.isPayable ? ' Оплатите заказ снова.' : ''}
    </Alert>
  );
}
