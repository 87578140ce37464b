import { formatCalendarDate } from '@/lib/format';

/** Characters Windows refuses in file names; control characters go by the check below. */
const forbidden = /[<>:"/\\|?*]/g;
const isControl = (c: string) => c.charCodeAt(0) < 32;

/** `Оплаты — Детская одежда.xlsx` or `Оплаты — 01.05.2026–31.05.2026.xlsx`, safe on every system. */
export function exportFileNameOf(subject: { purchaseTitle: string } | { from: string; to: string }): string {
  const what = 'purchaseTitle' in subject ? subject.purchaseTitle : `${formatCalendarDate(subject.from)}–${formatCalendarDate(subject.to)}`;
  const safe =
    [...what]
      .map((c) => (isControl(c) ? ' ' : c))
      .join('')
      .replace(forbidden, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'выгрузка';
  return `Оплаты — ${safe}.xlsx`;
}
