import type { Areas } from '../areas.js';
import type { DemoMethod } from '../areas/delivery/index.js';

/** Boxberry's city codes in the built-in emulator. */
const MOSCOW = '68';
const SAINT_PETERSBURG = '010';

const ARRIVED_PURCHASE = 'Товары для дома «Уют»';

/** The demo clients' delivery methods, by phone. */
export const demoDeliveryMethods: { phone: string; methods: DemoMethod[] }[] = [
  {
    phone: '79000000004',
    // Self-pickup is Мария's default, so the warehouse's demo hand-over works; a point is one click away.
    methods: [
      { kind: 'pickup', recipient: { phone: '79000000004', name: 'Мария', surname: 'Иванова' }, isDefault: true },
      { kind: 'boxberry', cityCode: MOSCOW, recipient: { phone: '79000000004', name: 'Мария', surname: 'Иванова' }, isDefault: false },
    ],
  },
  {
    phone: '79161234501',
    methods: [
      {
        kind: 'boxberry',
        cityCode: SAINT_PETERSBURG,
        recipient: { phone: '79161234501', name: 'Ольга', surname: 'Петрова' },
        isDefault: true,
      },
    ],
  },
  {
    phone: '79261234502',
    methods: [
      {
        kind: 'courier',
        address: { value: 'г Москва, ул Арбат, д 35', postalCode: '119002', city: 'Москва', details: 'кв. 12, подъезд 2, этаж 4' },
        recipient: { phone: '79261234502', name: 'Анна', surname: 'Сидорова' },
        isDefault: true,
      },
    ],
  },
];

/** Weights of the demo parcels, grams, by the client's phone. */
const parcelWeights: Record<string, number> = { '79161234501': 2300, '79261234502': 3100, '79031234503': 900 };

/**
 * Demo delivery: points, price list and the clients' methods, then the arrived purchase received in
 * full and each client's paid orders packed into a parcel by the default method (Ольга's goes to a
 * Boxberry point and waits for its invoice, Анна's courier parcel is invoiced, Елена has no account
 * and collects hers herself), so the logistician and the storekeeper have work to try.
 */
export async function seedDemoDelivery({ delivery, purchases, orders, warehouse }: Areas): Promise<void> {
  await delivery.demo.seed(demoDeliveryMethods);
  const [purchase] = (await purchases.service.list({ page: 1, pageSize: 100 })).items.filter((p) => p.title === ARRIVED_PURCHASE);
  if (!purchase) return;
  await warehouse.receiving.receiveRest(purchase.id, null);
  for (const [phone, weightGrams] of Object.entries(parcelWeights)) {
    const order = (await orders.service.list({ purchaseId: purchase.id, phone, page: 1, pageSize: 1 })).items[0];
    if (!order) continue;
    const parcel = await warehouse.parcels.pack({ orderIds: [order.id], weightGrams }, null);
    if (phone === '79261234502') await delivery.demo.invoice(parcel.id);
  }
}
