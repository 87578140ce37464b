import type { DeliveryInvoice, Payment, User } from '@vmeste/contract';

// Sample data in the contract's shapes that the tests of more than one feature need; a feature's own
// samples stay in its test kit (features/<feature>/test/).

/** A Boxberry invoice of 350 ₽ for parcel № 12 (order № 101), unpaid and not in payment; `overrides` changes any field. */
export function sampleDeliveryInvoice(overrides: Partial<DeliveryInvoice> = {}): DeliveryInvoice {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    number: 5,
    parcelId: '00000000-0000-4000-8000-0000000000c1',
    parcelNumber: 12,
    kind: 'boxberry',
    destination: 'Москва, ул. Тверская, д. 7',
    weightGrams: 1250,
    priceKopecks: 35_000,
    listPriceKopecks: 35_000,
    comment: '',
    status: 'unpaid',
    paidKopecks: 0,
    dueKopecks: 35_000,
    isInPayment: false,
    orderNumbers: [101],
    createdAt: '2026-03-02T09:00:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

/** Payment № 31 of 1 000 ₽ by card, succeeded, nothing refunded; `overrides` changes any field. */
export function samplePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '00000000-0000-4000-8000-000000000031',
    number: 31,
    method: 'card',
    status: 'succeeded',
    amountKopecks: 100_000,
    bonusKopecks: 0,
    refundedKopecks: 0,
    items: [],
    transfer: null,
    hasReceipt: false,
    reason: null,
    confirmationUrl: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    paidAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

/** A confirmed client account, Мария Иванова; `overrides` changes any field (the role, for one). */
export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    phone: '79001234567',
    name: 'Мария',
    surname: 'Иванова',
    email: null,
    role: 'client',
    isConfirmedAccount: true,
    referralCode: 'ABCDEFGH',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
