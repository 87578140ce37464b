import { type SQL, sql } from 'drizzle-orm';
import { users } from './accounts.schema.js';

/**
 * Client accounts as a subquery for a report: `user_id, phone, name («Фамилия Имя»), registered_at,
 * referrals_count` (accounts that signed up by the client's link). Staff accounts are not clients.
 */
export function clientAccountsSource(): SQL {
  return sql`select u.id as user_id, u.phone as phone, trim(u.surname || ' ' || u.name) as name, u.created_at as registered_at,
      coalesce(r.n, 0)::int as referrals_count
    from ${users} u
    left join (select ${users.referredBy} as referrer, count(*)::int as n from ${users} where ${users.referredBy} is not null group by ${users.referredBy}) r
      on r.referrer = u.id
    where u.role = 'client'`;
}
