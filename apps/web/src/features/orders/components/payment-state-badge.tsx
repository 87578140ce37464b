import { Badge } from '@mantine/core';
import { type PaymentState, paymentStateTitles } from '@vmeste/contract';

/** The colours of the payment statuses: money going back is grape, a closed case gray. */
const colors: Record<PaymentState, string> = {
  unpaid: 'red.9',
  partially_paid: '#a63c06',
  paid: 'teal.9',
  refund_due: 'grape.9',
  canceled: 'gray.7',
};

/** An order's payment state as the server works it out; a canceled order has states of its own. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return (
    <Badge color={colors[state]} variant="filled" data-testid="payment-state">
      {paymentStateTitles[state]}
    </Badge>
  );
}
