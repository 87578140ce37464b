// The stack's limit for the shop's authenticated hot path: bare Fastify 5 + pg, no plugins, no
// validation, answering GET /api/users/my with the same single session-and-user query the shop runs
// (the SQL drizzle builds for prepareFindLiveSession in apps/server/src/areas/accounts/sessions.repository.ts,
// prepared by name, rows as arrays as drizzle asks for them) through a pool of the same size (10).
// Usage: DATABASE_URL=postgres://… PORT=3001 node bench/bare-server.mjs
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const findLiveSession = {
  name: 'find_live_session',
  text:
    'select "sessions"."id", "users"."id", "users"."phone", "users"."name", "users"."surname", "users"."email", ' +
    '"users"."password_hash", "users"."role", "users"."is_confirmed_account", "users"."is_active", "users"."referral_code", ' +
    '"users"."referred_by", "users"."custom_cashback_basis_points", "users"."created_at", "users"."updated_at" ' +
    'from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" ' +
    'where ("sessions"."token_hash" = $1 and "sessions"."revoked_at" is null and "sessions"."expires_at" > now() ' +
    'and "users"."is_active" = $2) limit $3',
  rowMode: 'array',
};

const app = Fastify({ logger: false });

app.get('/api/health', async () => ({ status: 'ok' }));

app.get('/api/users/my', async (request, reply) => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return reply.status(401).send({ message: 'unauthorized' });
  const tokenHash = createHash('sha256').update(match[1]).digest('hex');
  const { rows } = await pool.query({ ...findLiveSession, values: [tokenHash, true, 1] });
  const row = rows[0];
  if (!row) return reply.status(401).send({ message: 'unauthorized' });
  return {
    id: row[1],
    phone: row[2],
    name: row[3],
    surname: row[4],
    email: row[5],
    role: row[7],
    isConfirmedAccount: row[8],
    referralCode: row[10],
    createdAt: new Date(row[13]).toISOString(),
  };
});

app.addHook('onClose', () => pool.end());
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void app.close().then(() => process.exit(0)));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3001) });
console.log(`bare server listening on ${process.env.PORT}`);
