// The money audit from the command line, the same check as «Сверка» on the admin's «Оплаты»
// (docs/decisions/029):
//   npm run audit:money
// Reads the database the shop would: DATABASE_URL, or the embedded one under DATA_DIR (stop the
// shop first: an embedded database opens in one process at a time). Prints a Russian report; exits
// with 1 when there is any difference, 2 when the audit could not run.
import { formatMoney, type MoneyAudit, moneyDifferenceKindTitles } from '@vmeste/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

function moscowTime(iso: string): string {
  const local = new Date(Date.parse(iso) + 3 * 3600 * 1000).toISOString();
  return `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

function report(audit: MoneyAudit): string {
  const lines = [`Сверка денег на ${moscowTime(audit.checkedAt)} (МСК)`];
  if (audit.differences.length === 0) lines.push('Расхождений нет.');
  else {
    lines.push(`Расхождений: ${audit.differences.length}`);
    let kind: string | null = null;
    for (const d of audit.differences) {
      if (d.kind !== kind) {
        kind = d.kind;
        lines.push('', `${moneyDifferenceKindTitles[d.kind]}:`);
      }
      const sums =
        d.expectedKopecks !== null || d.actualKopecks !== null
          ? ` [должно быть ${d.expectedKopecks === null ? '—' : formatMoney(d.expectedKopecks)}, в магазине ${d.actualKopecks === null ? '—' : formatMoney(d.actualKopecks)}]`
          : '';
      lines.push(`  ${d.object}: ${d.description}${sums}`);
    }
  }
  // formatMoney separates thousands with a narrow no-break space: a terminal shows a plain one.
  return lines.join('\n').replace(/\u202f|\u00a0/g, ' ');
}

let code = 2;
try {
  // The audit only reads: no background jobs, no log lines between the report's.
  const config = loadConfig({ ...process.env, JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false });
  try {
    const audit = await app.areas.audit.moneyAudit();
    console.log(report(audit));
    code = audit.differences.length > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
} catch (error) {
  // A failed query wraps what the database said (no connection, no such database) in its cause.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = cause || (error instanceof Error ? error.message : String(error));
  console.error(`Сверка не выполнена: ${message}`);
}
process.exit(code);
