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

export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  return (
    <Badge color={colors[status]} variant="filled">
      {purchaseStatusTitles[status]}
    </Badge>
  );
}
