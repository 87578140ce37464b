/**
 * The clients report's benchmark data, made with set-based SQL (generate_series) so a million orders
 * take a minute on PostgreSQL; the same statements run on PGlite for its smaller set.
 */

export const uuidOf = (seed: string) => `overlay(overlay(md5(${seed}) placing '4' from 13) placing '8' from 17)::uuid`;

const SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров'];
const SURNAMES_F = ['Морозова', 'Волкова', 'Алексеева', 'Лебедева', 'Семёнова', 'Егорова', 'Павлова', 'Козлова', 'Степанова', 'Николаева'];
const NAMES = [
  'Алексей',
  'Мария',
  'Дмитрий',
  'Анна',
  'Сергей',
  'Елена',
  'Иван',
  'Ольга',
  'Павел',
  'Наталья',
  'Олег',
  'Юлия',
  'Игорь',
  'Ирина',
  'Егор',
];
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(',')}]`;
/** surname || ' ' || name of phone number `idx`, the same for the account and its orders. */
const fullNameSql = (idx: string) =>
  `(${sqlArray([...SURNAMES, ...SURNAMES_F])})[1 + ${idx} % 20] || ' ' || (${sqlArray(NAMES)})[1 + (${idx} / 20) % 15]`;

/** The data's size: the bench on PostgreSQL makes the issue's million orders, the one on PGlite a tenth. */
export type DataSize = {
  clients: number;
  guestPhones: number;
  purchases: number;
  ordersPerPurchase: number;
  /** Added to each phone's number (79 and nine digits), to keep clear of accounts already there (the demo's). */
  phoneOffset?: number;
};

/**
 * The data: everything set-based, the client totals trigger off during the bulk insert and the
 * summaries rebuilt after it as migration 0010 does. Each step is a name and one statement.
 */
export function generationOf({
  clients: CLIENTS,
  guestPhones: GUEST_PHONES,
  purchases: PURCHASES,
  ordersPerPurchase: ORDERS_PER_PURCHASE,
  phoneOffset = 0,
}: DataSize): [string, string][] {
  return [
    [
      'users',
      `insert into users (id, phone, surname, name, password_hash, role, is_confirmed_account, referral_code, referred_by, created_at, updated_at)
     select ${uuidOf(`'u' || i`)}, '79' || lpad((i + ${phoneOffset})::text, 9, '0'),
       (${sqlArray([...SURNAMES, ...SURNAMES_F])})[1 + i % 20], (${sqlArray(NAMES)})[1 + (i / 20) % 15],
       'bench-no-sign-in', 'client', true, 'B' || i,
       case when i >= 1000 and i % 4 = 1 then ${uuidOf(`'u' || (i % 997)`)} end,
       now() - interval '1000 days' + i * interval '13 minutes', now() - interval '1000 days' + i * interval '13 minutes'
     from generate_series(0, ${CLIENTS - 1}) i`,
    ],
    [
      'bonus_accounts',
      `insert into bonus_accounts (user_id, balance_kopecks, earned_kopecks)
     select ${uuidOf(`'u' || i`)}, (i * 37 % 500) * 100, (i * 37 % 500) * 100 + (i % 7) * 1000
     from generate_series(0, ${CLIENTS - 1}) i where i % 5 < 3`,
    ],
    [
      'purchases',
      `insert into purchases (id, title, supplier, status, organizer_fee_basis_points, created_at, updated_at)
     select ${uuidOf(`'p' || j`)}, 'Закупка ' || j, 'Поставщик ' || (j % 50), 'completed', 1000,
       now() - interval '740 days' + j * interval '17 hours 17 minutes', now()
     from generate_series(1, ${PURCHASES}) j`,
    ],
    ['trigger off', 'alter table orders disable trigger orders_keep_client_totals'],
    [
      'orders',
      // Each purchase: 1,000 distinct phones of 105,000 (about 9.5 orders per phone); spread over 2 years.
      // A quarter of the clients (phone % 4 = 0) pays every order, the others every 20th purchase: about 28 % paid.
      `insert into orders (id, purchase_id, user_id, phone, client_name, goods_kopecks, organizer_fee_kopecks, total_kopecks,
       paid_kopecks, fulfilment_status, canceled_at, created_at, updated_at)
     select ${uuidOf(`'o' || j || '-' || k`)}, ${uuidOf(`'p' || j`)},
       case when x.idx < ${CLIENTS} then ${uuidOf(`'u' || x.idx`)} end,
       '79' || lpad((x.idx + ${phoneOffset})::text, 9, '0'),
       case when x.idx < ${CLIENTS} then ${fullNameSql('x.idx')} else 'Гость ' || x.idx end,
       x.goods, x.goods / 10, x.goods + x.goods / 10,
       case when x.canceled then 0 when x.idx % 4 = 0 or j % 20 = 0 then x.goods + x.goods / 10 else 0 end,
       'delivered',
       case when x.canceled then x.at + interval '1 day' end, x.at, x.at
     from generate_series(1, ${PURCHASES}) j cross join generate_series(0, ${ORDERS_PER_PURCHASE - 1}) k
     cross join lateral (select (j * 1013 + k * 105) % ${CLIENTS + GUEST_PHONES} as idx,
       50000 + (j * 7919 + k * 104729) % 450000 as goods, k % 37 = 5 as canceled,
       now() - interval '730 days' + (j - 1) * interval '17 hours 17 minutes' + (k % 240) * interval '1 hour' as at) x`,
    ],
    // Both per-phone summaries summed from the orders by migration 0010's own function.
    ['order client summaries', 'select order_client_summaries_rebuild()'],
    ['trigger on', 'alter table orders enable trigger orders_keep_client_totals'],
    [
      'payments',
      // One succeeded payment per paid order, a day after it; every 50th refunded by 100 ₽ three days later.
      `insert into payments (id, method, status, amount_kopecks, refunded_kopecks, user_id, payer_phone, payer_name, paid_at, closed_at, created_at, updated_at)
     select ${uuidOf(`'pay' || o.number`)}, (array['card','sbp','transfer','cash'])[1 + o.number % 4], 'succeeded', o.total_kopecks,
       case when o.number % 50 = 0 then 10000 else 0 end, o.user_id, o.phone, o.client_name,
       o.created_at + interval '1 day', o.created_at + interval '1 day', o.created_at + interval '1 day', o.created_at + interval '1 day'
     from orders o where o.paid_kopecks > 0`,
    ],
    [
      'payment_items',
      `insert into payment_items (id, payment_id, kind, order_id, order_number, purchase_id, purchase_title, amount_kopecks, refunded_kopecks, is_open)
     select ${uuidOf(`'pi' || o.number`)}, ${uuidOf(`'pay' || o.number`)}, 'order', o.id, o.number, o.purchase_id, 'Закупка',
       o.total_kopecks, case when o.number % 50 = 0 then 10000 else 0 end, false
     from orders o where o.paid_kopecks > 0`,
    ],
    [
      'payment_refunds',
      `insert into payment_refunds (payment_id, item_id, amount_kopecks, destination, money_part_kopecks, comment, created_at)
     select ${uuidOf(`'pay' || o.number`)}, ${uuidOf(`'pi' || o.number`)}, 10000, 'money', 10000, 'bench', o.created_at + interval '4 days'
     from orders o where o.paid_kopecks > 0 and o.number % 50 = 0`,
    ],
    // Vacuumed as autovacuum leaves a settled table: the visibility map lets the month lookups read the index only.
    ['vacuum analyze', 'vacuum analyze'],
  ];
}
