import { Badge } from '@mantine/core';
import { type PurchaseStatus, purchaseStatusTitles } from '@vmeste/contract';

// Dark shades keep white badge text above 4.5:1 contrast.
const colors: Record<PurchaseStatus, string> = {
  draft: 'gray.7',
  open: 'teal.9',
  stopped: '#a63c06',
  payment: 'red.9',
  ordered: 'indigo.9',
  in_transit: 'blue.9',
  at_warehouse: 'violet.9',
  distribution: 'grape.9',
  completed: 'dark.6',
  canceled: 'gray.8',
};

/**
 * `isQuiet`: beside an order that owes nothing the stage is only where the purchase is — light gray,
 * so a paid order's «Оплата» does not read as a call to pay.
 */
export function PurchaseStatusBadge({ status, isQuiet = false }: { status: PurchaseStatus; isQuiet?: boolean }) {
  return (
    <Badge
      color={isQuiet ? 'gray' : colors[status]}
      variant={isQuiet ? 'light' : 'filled'}
      title="Этап закупки"
      data-testid="purchase-status"
    >
      {purchaseStatusTitles[status]}
    </Badge>
  );
}
