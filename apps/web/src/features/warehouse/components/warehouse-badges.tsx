import { Badge } from '@mantine/core';
import { type FulfilmentStatus, fulfilmentStatusTitles, type ParcelStatus, parcelStatusTitles } from '@vmeste/contract';
import { ATTENTION_COLOR } from '@/config/colors';
import type { ReceivingState } from './warehouse-texts';

// Dark shades keep white badge text above 4.5:1 contrast.
const fulfilmentColors: Record<FulfilmentStatus, string> = {
  awaiting_goods: 'gray.7',
  arrived: 'violet.9',
  packed: 'indigo.9',
  shipped: 'blue.9',
  ready_for_pickup: 'teal.9',
  delivered: 'dark.6',
};

const parcelColors: Record<ParcelStatus, string> = {
  packed: 'indigo.9',
  invoiced: ATTENTION_COLOR,
  paid: 'blue.9',
  shipped: 'cyan.9',
  ready_for_pickup: 'teal.9',
  delivered: 'dark.6',
};

export function FulfilmentStatusBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <Badge color={fulfilmentColors[status]} variant="filled">
      {fulfilmentStatusTitles[status]}
    </Badge>
  );
}

export function ParcelStatusBadge({ status }: { status: ParcelStatus }) {
  return (
    <Badge color={parcelColors[status]} variant="filled">
      {parcelStatusTitles[status]}
    </Badge>
  );
}

export function ReceivingStateBadge({ state }: { state: ReceivingState }) {
  return (
    <Badge color={state.color} variant="filled">
      {state.label}
    </Badge>
  );
}
