import { formatMoney } from '@vmeste/contract';
import type { Areas } from '../areas.js';
import { loadSharp } from '../shared/heavy-libraries.js';

type DemoPurchase = {
  title: string;
  supplier: string;
  description: string;
  fee: number;
  colors: [string, string];
  status: ('open' | 'stopped' | 'payment' | 'ordered' | 'in_transit')[];
  daysToDeadline: number;
  /** Clients whose orders were paid by transfer and confirmed while the purchase took payments. */
  paidPhones?: string[];
  orders: {
    phone: string;
    clientName: string;
    lines: { product: string; article: string; options: string; quantity: number; rubles: number }[];
  }[];
};

const demoPurchases: DemoPurchase[] = [
  {
    title: 'Детская одежда «Мамин Дом» — осень',
    supplier: 'ООО «Мамин Дом», Иваново',
    description: 'Трикотаж для детей от 0 до 12 лет: комбинезоны, пижамы, футболки. Размерная сетка в карточках товаров.',
    fee: 15,
    colors: ['#364fc7', '#74c0fc'],
    status: ['open', 'stopped', 'payment'],
    daysToDeadline: 5,
    orders: [
      {
        phone: '79000000004',
        clientName: 'Иванова Мария',
        lines: [
          { product: 'Комбинезон утеплённый', article: 'MD-1042', options: 'рост 98, синий', quantity: 1, rubles: 2490 },
          { product: 'Пижама «Звёзды»', article: 'MD-2210', options: 'рост 104', quantity: 2, rubles: 890.5 },
        ],
      },
      {
        phone: '79161234501',
        clientName: 'Петрова Ольга',
        lines: [{ product: 'Футболка базовая', article: 'MD-0101', options: 'рост 110, белая', quantity: 3, rubles: 450 }],
      },
      {
        phone: '79261234502',
        clientName: 'Сидорова Анна',
        lines: [{ product: 'Комбинезон утеплённый', article: 'MD-1042', options: 'рост 86, розовый', quantity: 1, rubles: 2490 }],
      },
    ],
  },
  {
    title: 'Постельное бельё «Ивановский текстиль»',
    supplier: 'Фабрика «Ивановский текстиль»',
    description: 'Сатин и поплин, 1,5-спальные, 2-спальные и евро комплекты. Отгрузка через 10 дней после стопа.',
    fee: 12,
    colors: ['#0b7285', '#96f2d7'],
    status: ['open'],
    daysToDeadline: 14,
    orders: [
      {
        phone: '79000000004',
        clientName: 'Иванова Мария',
        lines: [{ product: 'Комплект «Лаванда», сатин', article: 'IT-501', options: 'евро', quantity: 1, rubles: 3290 }],
      },
      {
        phone: '79031234503',
        clientName: 'Кузьмина Елена',
        lines: [{ product: 'Комплект «Клетка», поплин', article: 'IT-310', options: '2-спальный', quantity: 2, rubles: 2150 }],
      },
    ],
  },
  {
    title: 'Посуда и товары для кухни',
    supplier: 'ТД «Хозяюшка»',
    description: 'Сковороды с антипригарным покрытием, кастрюли, контейнеры для хранения.',
    fee: 10,
    colors: ['#d9480f', '#ffd8a8'],
    status: ['open', 'stopped', 'payment'],
    daysToDeadline: 9,
    orders: [
      {
        phone: '79000000004',
        clientName: 'Иванова Мария',
        lines: [{ product: 'Контейнеры для хранения, набор 5 шт.', article: 'HZ-C5', options: '', quantity: 1, rubles: 1240 }],
      },
      {
        phone: '79051234504',
        clientName: 'Орлов Дмитрий',
        lines: [{ product: 'Сковорода 26 см', article: 'HZ-26', options: 'гранит', quantity: 1, rubles: 1890 }],
      },
    ],
  },
  {
    // On its way to the warehouse: the storekeeper's whole flow can be tried on it.
    title: 'Зимняя обувь «Топотушки»',
    supplier: 'ООО «Топотушки», Кимры',
    description: 'Детские ботинки и валенки на зиму. Товар едет на склад: приёмка, упаковка и выдача.',
    fee: 10,
    colors: ['#5f3dc4', '#d0bfff'],
    status: ['open', 'stopped', 'payment', 'ordered', 'in_transit'],
    daysToDeadline: 2,
    paidPhones: ['79000000004', '79261234502'],
    orders: [
      {
        phone: '79000000004',
        clientName: 'Иванова Мария',
        lines: [
          { product: 'Ботинки зимние', article: 'TP-310', options: 'размер 28, синие', quantity: 1, rubles: 3450 },
          { product: 'Валенки с калошами', article: 'TP-115', options: 'размер 27', quantity: 1, rubles: 1990 },
        ],
      },
      {
        phone: '79161234501',
        clientName: 'Петрова Ольга',
        lines: [{ product: 'Валенки с калошами', article: 'TP-115', options: 'размер 27', quantity: 1, rubles: 1990 }],
      },
      {
        phone: '79261234502',
        clientName: 'Сидорова Анна',
        lines: [{ product: 'Ботинки зимние', article: 'TP-310', options: 'размер 28, синие', quantity: 2, rubles: 3450 }],
      },
    ],
  },
  {
    // Arrived and packed (see demo-delivery.ts): the logistician has parcels to invoice and ship.
    title: 'Товары для дома «Уют»',
    supplier: 'ООО «Уют», Москва',
    description: 'Пледы, полотенца и хранение. Закупка на складе: посылки упакованы и ждут доставки.',
    fee: 12,
    colors: ['#087f5b', '#c3fae8'],
    status: ['open', 'stopped', 'payment', 'ordered', 'in_transit'],
    daysToDeadline: 1,
    paidPhones: ['79161234501', '79261234502', '79031234503'],
    orders: [
      {
        phone: '79161234501',
        clientName: 'Петрова Ольга',
        lines: [
          { product: 'Плед флисовый 150×200', article: 'UT-150', options: 'серый', quantity: 2, rubles: 899 },
          { product: 'Полотенце махровое 70×140', article: 'UT-714', options: 'белое', quantity: 3, rubles: 640 },
        ],
      },
      {
        phone: '79261234502',
        clientName: 'Сидорова Анна',
        lines: [{ product: 'Короб для хранения с крышкой', article: 'UT-B30', options: '30 л', quantity: 2, rubles: 1150 }],
      },
      {
        phone: '79031234503',
        clientName: 'Кузьмина Елена',
        lines: [{ product: 'Полотенце махровое 50×90', article: 'UT-509', options: 'мятное', quantity: 4, rubles: 390 }],
      },
    ],
  },
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

/** A cover drawn from SVG: a gradient with the purchase's title, so the demo has real pictures. */
async function drawCover(title: string, [from, to]: [string, string]): Promise<Buffer> {
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last && `${last} ${word}`.length <= 22) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .slice(0, 4)
    .map(
      (line, i) =>
        `<text x="64" y="${380 + i * 70}" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="900" fill="url(#g)"/><circle cx="980" cy="180" r="140" fill="#fff" opacity=".15"/><circle cx="1080" cy="320" r="90" fill="#fff" opacity=".12"/>${text}</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A bank's transfer receipt as a phone screenshot, for the demo check queue. */
async function drawReceipt(amount: string, comment: string): Promise<Buffer> {
  const lines = ['Сбербанк Онлайн', 'Перевод выполнен', `Сумма: ${amount}`, 'Получатель: Анна Сергеевна С.', `Сообщение: ${comment}`];
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${90 + i * 60}" font-family="DejaVu Sans, sans-serif" font-size="${i === 1 ? 40 : 30}" fill="#1b1b1b">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420"><rect width="600" height="420" fill="#f1f8f4"/><rect y="0" width="600" height="20" fill="#21a038"/>${text}</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Purchases with covers, a card and orders for the demo client; only into a shop with no purchases. */
export async function seedDemoPurchases({ cards, purchases, orders, payments }: Areas): Promise<boolean> {
  const existing = await purchases.service.list({ page: 1, pageSize: 1 });
  if (existing.total > 0) return false;
  const card = await cards.service.create({
    bank: 'Сбербанк',
    holderName: 'Смирнова Анна Сергеевна',
    number: '2202200000000008',
    sbpPhone: '79000000001',
    isActive: true,
  });
  // The kitchen purchase takes transfers to another card: paying both shows one transfer per card.
  const secondCard = await cards.service.create({
    bank: 'Т-Банк',
    holderName: 'Смирнов Игорь Петрович',
    number: '5536913800000008',
    sbpPhone: null,
    isActive: true,
  });
  for (const [index, demo] of demoPurchases.entries()) {
    const deadline = new Date(Date.now() + demo.daysToDeadline * 86_400_000).toISOString().slice(0, 10);
    const purchase = await purchases.service.create({
      title: demo.title,
      supplier: demo.supplier,
      description: demo.description,
      organizerFeePercent: demo.fee,
      paymentDeadline: deadline,
      cardId: demo.title.startsWith('Посуда') ? secondCard.id : card.id,
      isCashbackExcluded: false,
      showOnMain: true,
      mainOrder: index,
    });
    await purchases.service.uploadCover(purchase.id, await drawCover(demo.title, demo.colors));
    for (const order of demo.orders) {
      await orders.service.create({
        purchaseId: purchase.id,
        phone: order.phone,
        clientName: order.clientName,
        lines: order.lines.map(({ rubles, ...line }) => ({ ...line, unitPriceKopecks: Math.round(rubles * 100) })),
      });
    }
    for (const status of demo.status) {
      await purchases.service.changeStatus(purchase.id, status);
      if (status !== 'payment') continue;
      for (const phone of demo.paidPhones ?? []) {
        const order = (await orders.service.list({ purchaseId: purchase.id, phone, page: 1, pageSize: 1 })).items[0]!;
        await payments.demo.confirmedTransfer(order.id, await drawReceipt(formatMoney(order.dueKopecks), `Заказ №${order.number}`));
      }
    }
  }
  // One client has already sent a transfer: the admin's «Проверка чеков» has something to check.
  const [first] = (await purchases.service.list({ page: 1, pageSize: 100 })).items.filter((p) => p.title.startsWith('Детская'));
  const olga = (await orders.service.list({ purchaseId: first!.id, phone: '79161234501', page: 1, pageSize: 1 })).items[0]!;
  await payments.demo.transferAwaitingCheck(olga.id, await drawReceipt(formatMoney(olga.dueKopecks), `Заказ №${olga.number}`));
  return true;
}
