import type { Readable } from 'node:stream';
import {
  type DeliveryKind,
  deliveryKinds,
  deliveryKindTitles,
  findOverlap,
  MAX_TARIFF_GRAMS,
  parseRublesToKopecks,
  type PriceList,
  type PriceListImportResult,
  type PriceListVersion,
  type Tariff,
} from '@vmeste/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import { moscowDayOf } from '../../shared/moscow-calendar.js';
import { readSpreadsheetTable } from '../../shared/spreadsheet-table.js';
import { createXlsxWriter } from '../../shared/xlsx-stream.js';
import { findVersion, findVersionOn, insertVersion, listPast, listUpcoming, type VersionWithTariffs } from './price-list.repository.js';

const VERSION_NOT_FOUND = 'Версия прайс-листа не найдена';
const MAX_IMPORT_ROWS = 300;
const COLUMNS = ['Способ доставки', 'Вес от, г', 'Вес до, г', 'Цена, ₽'];

/** Today in Moscow as YYYY-MM-DD: a price list changes at Moscow midnight, wherever the server is. */
export function moscowToday(now = new Date()): string {
  return moscowDayOf(now);
}

function toVersionView(v: VersionWithTariffs): PriceListVersion {
  return { id: v.id, appliesFrom: v.appliesFrom, createdAt: v.createdAt.toISOString(), createdByName: v.createdByName, tariffs: v.tariffs };
}

const kindByTitle = new Map<string, DeliveryKind>(
  deliveryKinds.flatMap((kind) => [
    [deliveryKindTitles[kind].toLowerCase(), kind],
    [kind, kind],
  ]),
);
kindByTitle.set('пвз boxberry', 'boxberry');
kindByTitle.set('курьер', 'courier');

/** Rows of an uploaded price list, each checked, with the row number in every message. */
function tariffsOfTable(table: string[][]): Tariff[] {
  const headerIndex = table.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  const header = (table[headerIndex] ?? []).map((c) => c.trim().toLowerCase().replace(/ё/g, 'е'));
  const positions = COLUMNS.map((title) => header.indexOf(title.toLowerCase()));
  if (headerIndex < 0 || positions.some((p) => p < 0)) {
    throw new AppError('BAD_REQUEST', `Нужны столбцы: ${COLUMNS.map((c) => `«${c}»`).join(', ')}`, { field: 'file' });
  }
  const tariffs: Tariff[] = [];
  for (let i = headerIndex + 1; i < table.length; i += 1) {
    const cells = positions.map((p) => (table[i]?.[p] ?? '').trim());
    if (cells.every((c) => c === '')) continue;
    const at = `Строка ${i + 1}`;
    const kind = kindByTitle.get(cells[0]!.toLowerCase());
    if (!kind)
      throw new AppError(
        'BAD_REQUEST',
        `${at}: способ доставки не из списка — ожидается ${deliveryKinds.map((k) => `«${deliveryKindTitles[k]}»`).join(', ')}`,
        { field: 'file' },
      );
    const [from, to] = [cells[1], cells[2]].map((c) => (/^\d+$/.test(c!.replace(/\s/g, '')) ? Number(c!.replace(/\s/g, '')) : NaN));
    if (!Number.isInteger(from) || !Number.isInteger(to) || from! > to! || to! > MAX_TARIFF_GRAMS) {
      throw new AppError('BAD_REQUEST', `${at}: вес — целые граммы от 0 до ${MAX_TARIFF_GRAMS}, «до» не меньше «от»`, { field: 'file' });
    }
    const price = parseRublesToKopecks(cells[3]!);
    if (price === null || price < 0)
      throw new AppError('BAD_REQUEST', `${at}: цена — ожидается сумма в рублях, например 350 или 349,90`, { field: 'file' });
    tariffs.push({ kind, fromGrams: from!, toGrams: to!, priceKopecks: price });
  }
  if (tariffs.length === 0) throw new AppError('BAD_REQUEST', 'В файле нет ни одного тарифа', { field: 'file' });
  const overlap = findOverlap(tariffs);
  if (overlap) {
    const [a, b] = overlap;
    throw new AppError(
      'BAD_REQUEST',
      `«${deliveryKindTitles[a.kind]}»: диапазоны ${a.fromGrams}–${a.toGrams} г и ${b.fromGrams}–${b.toGrams} г пересекаются`,
      { field: 'file' },
    );
  }
  return tariffs;
}

/**
 * The delivery price list: versions by the date they apply from. A change is a new version, so an
 * invoice always points at the tariffs it was priced by, and a price set for next month waits.
 */
export function createPriceListService({ db }: { db: Db }) {
  async function save(appliesFrom: string, tariffs: Tariff[], actor: Actor): Promise<PriceListVersion> {
    if (appliesFrom < moscowToday())
      throw new AppError('BAD_REQUEST', 'Дата начала действия — сегодня или позже: прошлые счета уже выставлены по своим ценам', {
        field: 'appliesFrom',
      });
    const version = await db.transaction((tx) =>
      insertVersion(tx, { appliesFrom, createdById: actor?.id ?? null, createdByName: actor?.name ?? null }, tariffs),
    );
    return toVersionView(version);
  }

  return {
    async view(): Promise<PriceList> {
      const today = moscowToday();
      const current = await findVersionOn(db, today);
      const [upcoming, past] = await Promise.all([listUpcoming(db, today), listPast(db, today, current?.id ?? null)]);
      return {
        current: current ? toVersionView(current) : null,
        upcoming: upcoming.map(toVersionView),
        past: past.map((v) => ({
          id: v.id,
          appliesFrom: v.appliesFrom,
          createdAt: v.createdAt.toISOString(),
          createdByName: v.createdByName,
          tariffsCount: v.tariffs.length,
        })),
      };
    },

    save,

    /** The current tariffs, for quoting many parcels at once. */
    async currentTariffs(dbOrTx: DbOrTx): Promise<{ versionId: string; tariffs: Tariff[] } | null> {
      const version = await findVersionOn(dbOrTx, moscowToday());
      return version ? { versionId: version.id, tariffs: version.tariffs } : null;
    },

    async exportXlsx(versionId: string | undefined): Promise<{ fileName: string; stream: Readable }> {
      const version = versionId ? await findVersion(db, versionId) : await findVersionOn(db, moscowToday());
      if (!version) throw new AppError('NOT_FOUND', versionId ? VERSION_NOT_FOUND : 'Прайс-листа пока нет: добавьте тарифы');
      const xlsx = createXlsxWriter('Прайс-лист', [
        { header: COLUMNS[0]!, width: 28 },
        { header: COLUMNS[1]!, width: 12, format: 'integer' },
        { header: COLUMNS[2]!, width: 12, format: 'integer' },
        { header: COLUMNS[3]!, width: 12, format: 'rubles' },
      ]);
      for (const t of version.tariffs) xlsx.addRow([deliveryKindTitles[t.kind], t.fromGrams, t.toGrams, t.priceKopecks / 100]);
      xlsx.end();
      const [y, m, d] = version.appliesFrom.split('-');
      return { fileName: `Прайс-лист доставки с ${d}.${m}.${y}.xlsx`, stream: xlsx.stream };
    },

    /** A file becomes a new version whole, or nothing is written. */
    async importXlsx(data: Buffer, appliesFrom: string, isDryRun: boolean, actor: Actor): Promise<PriceListImportResult> {
      const table = await readSpreadsheetTable(data, {
        maxRows: MAX_IMPORT_ROWS,
        tooManyRows: () => new AppError('PAYLOAD_TOO_LARGE', `В прайс-листе не больше ${MAX_IMPORT_ROWS} тарифов`, { field: 'file' }),
      });
      const tariffs = tariffsOfTable(table);
      if (isDryRun) return { isDryRun, tariffs, version: null };
      return { isDryRun, tariffs, version: await save(appliesFrom, tariffs, actor) };
    },
  };
}

export type PriceListService = ReturnType<typeof createPriceListService>;
