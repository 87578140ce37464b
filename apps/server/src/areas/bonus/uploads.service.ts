import { createHash } from 'node:crypto';
import {
  type BonusUploadDetails,
  type BonusUploadPreview,
  type BonusUploadResult,
  type BonusUploadRow as PreviewRow,
  formatMoney,
  plural,
} from '@vmeste/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { AccountsArea } from '../accounts/index.js';
import { toEntryView, toUploadView } from './entry-view.js';
import { post } from './ledger.js';
import { findBalances, lockAccounts } from './ledger.repository.js';
import { type ReadRow, readAccrualTable, rowsDigestOf } from './upload-table.js';
import { findUpload, findUploadByHashes, findUploadEntries, insertUpload, listUploads } from './uploads.repository.js';

const UPLOAD_NOT_FOUND = 'Загрузка не найдена';

function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.trim();
  return base.slice(0, 200) || 'начисления.xlsx';
}

/**
 * Accruals by spreadsheet: every row checked (the phone is a client, the amount a number, a debit
 * within the balance, no row twice), applied all or nothing in one transaction, each table once (by
 * its normalised rows, `rowsDigestOf`), and kept with its file for the history.
 */
export function createUploads({ db, accounts, storage }: { db: Db; accounts: AccountsArea; storage: FileStorage }) {
  /** The rows with their clients and every error; balances read from `dbOrTx` (locked when applying). */
  async function check(dbOrTx: DbOrTx, read: ReadRow[], balancesOf: (userIds: string[]) => Promise<Map<string, number>>) {
    const clients = await accounts.findClientsByPhones(
      dbOrTx,
      read.filter((r) => !r.error).map((r) => r.phone),
    );
    const rows = read.map((r) => ({ ...r, client: clients.get(r.phone) }));
    for (const row of rows) if (!row.error && !row.client) row.error = 'Клиент с таким телефоном не найден';
    const userIds = [...new Set(rows.flatMap((r) => (r.client ? [r.client.id] : [])))];
    const balances = await balancesOf(userIds);
    // A client's rows together may not take more than they hold.
    const net = new Map<string, number>();
    for (const row of rows) if (!row.error && row.client) net.set(row.client.id, (net.get(row.client.id) ?? 0) + row.amountKopecks!);
    for (const row of rows) {
      if (row.error || !row.client) continue;
      const balance = balances.get(row.client.id) ?? 0;
      if (balance + net.get(row.client.id)! < 0) row.error = `Списание больше баланса клиента (${formatMoney(balance)})`;
    }
    return { rows, userIds };
  }

  function previewOf(rows: Awaited<ReturnType<typeof check>>['rows'], fileName: string): Omit<BonusUploadPreview, 'alreadyApplied'> {
    const valid = rows.filter((r) => !r.error);
    const view: PreviewRow[] = rows.map((r) => ({
      line: r.line,
      phone: r.phone,
      clientName: r.client?.name ?? null,
      amountKopecks: r.amountKopecks,
      comment: r.comment,
      error: r.error,
      duplicateOf: r.duplicateOf,
    }));
    return {
      fileName,
      rows: view,
      validCount: valid.length,
      errorCount: rows.length - valid.length,
      duplicateCount: rows.filter((r) => r.duplicateOf !== null).length,
      creditKopecks: valid.reduce((sum, r) => sum + Math.max(0, r.amountKopecks!), 0),
      debitKopecks: valid.reduce((sum, r) => sum + Math.max(0, -r.amountKopecks!), 0),
    };
  }

  const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  /**
   * The table read, its identity, and the upload that already applied it. Uploads stored before the
   * identity was the rows' hash carry their file's hash, so that one is looked up too.
   */
  async function readWithPrevious(dbOrTx: DbOrTx, data: Buffer) {
    const read = await readAccrualTable(data);
    const rowsDigest = rowsDigestOf(read);
    const fileSha = sha256Of(data);
    return { read, rowsDigest, fileSha, previous: await findUploadByHashes(dbOrTx, [rowsDigest, fileSha]) };
  }

  return {
    async preview(data: Buffer, fileName: string | undefined): Promise<BonusUploadPreview> {
      const { read, previous } = await readWithPrevious(db, data);
      const { rows } = await check(db, read, (ids) => findBalances(db, ids));
      return {
        ...previewOf(rows, cleanFileName(fileName)),
        alreadyApplied: previous ? { id: previous.id, at: previous.createdAt.toISOString() } : null,
      };
    },

    async apply(data: Buffer, fileName: string | undefined, actor: Actor): Promise<BonusUploadResult> {
      const { read, rowsDigest, fileSha, previous } = await readWithPrevious(db, data);
      if (previous) return { upload: toUploadView(previous), isRepeat: true };
      // Stored under the file's own hash (two files with the same rows are still two files) before the
      // transaction: the same file again overwrites it with the same bytes.
      const fileKey = `bonus-uploads/${fileSha}`;
      await storage.put(fileKey, data);
      return db.transaction(async (tx) => {
        const { rows, userIds } = await check(tx, read, (ids) => lockAccounts(tx, ids));
        const errors = rows.filter((r) => r.error);
        if (errors.length > 0) {
          const shown = errors
            .slice(0, 3)
            .map((r) => `строка ${r.line} — ${r.error}`)
            .join('; ');
          const more = errors.length > 3 ? ` и ещё ${errors.length - 3} ${plural(errors.length - 3, 'строка', 'строки', 'строк')}` : '';
          throw new AppError('BAD_REQUEST', `В таблице есть ошибки, ничего не начислено: ${shown}${more}`, { field: 'file' });
        }
        const summary = previewOf(rows, cleanFileName(fileName));
        // The column is named sha256 and keeps the rows' digest (a SHA-256 too): its unique index makes
        // the same rows applied at once by two requests land once.
        const upload = await insertUpload(tx, {
          sha256: rowsDigest,
          fileName: summary.fileName,
          fileKey,
          rowsCount: rows.length,
          creditKopecks: summary.creditKopecks,
          debitKopecks: summary.debitKopecks,
          actorId: actor?.id ?? null,
          actorName: actor?.name ?? null,
        });
        if (!upload) return { upload: toUploadView((await findUploadByHashes(tx, [rowsDigest]))!), isRepeat: true };
        await lockAccounts(tx, userIds);
        for (const row of rows) {
          const amount = row.amountKopecks!;
          await post(tx, {
            userId: row.client!.id,
            kind: 'manual',
            amountKopecks: amount,
            description: `${amount > 0 ? 'Начислено' : 'Списано'} по таблице № ${upload.number}`,
            comment: row.comment,
            uploadId: upload.id,
            actorId: actor?.id ?? null,
            actorName: actor?.name ?? null,
            sourceKey: `upload:${upload.id}:${row.line}`,
          });
        }
        return { upload: toUploadView(upload), isRepeat: false };
      });
    },

    async list(page: number, pageSize: number) {
      const { rows, total } = await listUploads(db, pageSize, (page - 1) * pageSize);
      return { items: rows.map(toUploadView), total };
    },

    async details(id: string): Promise<BonusUploadDetails> {
      const upload = await findUpload(db, id);
      if (!upload) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
      const entries = await findUploadEntries(db, id);
      const owners = await accounts.findAccounts(
        db,
        entries.map((e) => e.userId),
      );
      return {
        ...toUploadView(upload),
        entries: entries.map((e) => {
          const owner = owners.get(e.userId);
          return { ...toEntryView(e), phone: owner?.phone ?? '', clientName: owner ? `${owner.surname} ${owner.name}`.trim() : '' };
        }),
      };
    },

    async file(id: string): Promise<{ data: Buffer; fileName: string }> {
      const upload = await findUpload(db, id);
      const data = upload ? await storage.get(upload.fileKey) : null;
      if (!upload || !data) throw new AppError('NOT_FOUND', 'Файл загрузки не найден');
      return { data, fileName: upload.fileName };
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
