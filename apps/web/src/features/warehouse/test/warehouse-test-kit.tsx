import type { Parcel, ReceivingGroup, ReceivingLine, ReceivingSheet, WarehouseClient, WarehouseOrder } from '@vmeste/contract';
import { act, fireEvent } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderInApp as renderWithProviders } from '@/lib/test-api';

// Test helpers of the warehouse's components: a fake API behind the real client, the app's providers,
// the browser's Enter, and sample data in the contract's shapes.

export { stubApi } from '@/lib/test-api';

/** The app's providers, as in the shop (Mantine's transitions on), at a page of this area. */
export function renderInApp(ui: ReactNode, { path = '/storekeeper/home' }: { path?: string } = {}) {
  return renderWithProviders(ui, { path, mantineEnv: 'default' });
}

/** Enter in a text field as a browser (and a barcode scanner) does it: unless the key is stopped, the form is sent. */
export function pressEnter(input: HTMLInputElement): void {
  const isNotStopped = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  if (isNotStopped) act(() => input.form?.requestSubmit());
}

let seq = 0;
/** A fresh uuid-shaped id, readable in a failing test's output. */
export function uuid(): string {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
}

export function sampleOrder(overrides: Partial<WarehouseOrder> = {}): WarehouseOrder {
  return {
    id: uuid(),
    number: 101,
    purchaseId: uuid(),
    purchaseTitle: 'Зимняя обувь «Топотушки»',
    purchaseStatus: 'at_warehouse',
    fulfilmentStatus: 'arrived',
    totalKopecks: 379_500,
    dueKopecks: 0,
    refundDueKopecks: 0,
    unitsCount: 1,
    arrivedUnitsCount: 1,
    missingUnitsCount: 0,
    parcelId: null,
    parcelNumber: null,
    isPackable: true,
    notPackableReason: null,
    ...overrides,
  };
}

export function sampleParcel(overrides: Partial<Parcel> = {}): Parcel {
  return {
    id: uuid(),
    number: 7,
    barcode: '290000000007',
    status: 'packed',
    deliveryKind: 'pickup',
    clientName: 'Иванова Мария',
    maskedPhone: '+7 (900) 000-**-**',
    orders: [{ id: uuid(), number: 101, purchaseTitle: 'Зимняя обувь «Топотушки»' }],
    weightGrams: 1250,
    lengthCm: null,
    widthCm: null,
    heightCm: null,
    packedAt: '2026-03-02T09:00:00.000Z',
    packedByName: 'Кузнецов Игорь',
    readyAt: null,
    handedOverAt: null,
    handedOverByName: null,
    ...overrides,
  };
}

export function sampleClient(overrides: Partial<WarehouseClient> = {}): WarehouseClient {
  return {
    clientName: 'Иванова Мария',
    maskedPhone: '+7 (900) 000-**-**',
    deliveryKind: 'pickup',
    orders: [sampleOrder()],
    parcels: [],
    ...overrides,
  };
}

export function sampleLine(overrides: Partial<ReceivingLine> = {}): ReceivingLine {
  return {
    lineId: uuid(),
    orderId: uuid(),
    orderNumber: 101,
    clientName: 'Иванова Мария',
    quantity: 1,
    arrivedQuantity: null,
    fulfilmentStatus: 'awaiting_goods',
    isLocked: false,
    ...overrides,
  };
}

export function sampleGroup(lines: ReceivingLine[], overrides: Partial<ReceivingGroup> = {}): ReceivingGroup {
  const received = lines.filter((l) => l.arrivedQuantity !== null);
  const arrived = received.reduce((sum, l) => sum + l.arrivedQuantity!, 0);
  return {
    key: JSON.stringify(['Ботинки зимние', 'TP-310', 'размер 28, синие']),
    product: 'Ботинки зимние',
    article: 'TP-310',
    options: 'размер 28, синие',
    expectedQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    arrivedQuantity: arrived,
    missingQuantity: received.reduce((sum, l) => sum + l.quantity, 0) - arrived,
    isReceived: received.length === lines.length,
    lines,
    ...overrides,
  };
}

export function sampleSheet(groups: ReceivingGroup[]): ReceivingSheet {
  const lines = groups.flatMap((g) => g.lines);
  return {
    purchase: {
      id: uuid(),
      title: 'Зимняя обувь «Топотушки»',
      supplier: 'ООО «Топотушки», Кимры',
      status: 'in_transit',
      ordersCount: new Set(lines.map((l) => l.orderId)).size,
      linesCount: lines.length,
      receivedLinesCount: lines.filter((l) => l.arrivedQuantity !== null).length,
      awaitingOrdersCount: new Set(lines.filter((l) => l.arrivedQuantity === null).map((l) => l.orderId)).size,
    },
    groups,
  };
}
