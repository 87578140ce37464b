import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { ServiceState } from '../../shared/service-state.js';
import { createDatabaseFileStorage } from './database-file-storage.js';
import { createLocalFileStorage, type FileStorage } from './file-storage.js';
import { createS3FileStorage } from './s3-file-storage.js';

/**
 * The one place that turns the settings into the shop's file storage (docs/decisions/035); the app,
 * the files migration and backups all open it here, so they always agree on where files are.
 */
export function openFileStorage(config: Pick<Config, 'files' | 'uploadsDir'>, database: Pick<Database, 'db'>): FileStorage {
  switch (config.files.kind) {
    case 's3':
      return createS3FileStorage(config.files.s3!);
    case 'database':
      return createDatabaseFileStorage(database.db);
    case 'local':
      return createLocalFileStorage(config.uploadsDir);
  }
}

/**
 * The storage as backups take it (operations/backup.ts): the folder or the bucket, walked key by key;
 * uploads in PostgreSQL are inside its dump, so nothing is opened for them here.
 */
export function backupStorageOf(config: Pick<Config, 'files' | 'uploadsDir'>): FileStorage | 'in-database' {
  switch (config.files.kind) {
    case 's3':
      return createS3FileStorage(config.files.s3!);
    case 'database':
      return 'in-database';
    case 'local':
      return createLocalFileStorage(config.uploadsDir);
  }
}

/** The start-up summary's line (decision 022): where files are, and why S3 is off when it was asked for. */
export function fileStorageState(config: Pick<Config, 'files' | 'uploadsDir'>): ServiceState {
  const service = 'Файлы';
  const { kind, s3, s3OffReason } = config.files;
  if (s3OffReason) return { service, mode: 'off', detail: s3OffReason };
  if (kind === 's3') return { service, mode: 'real', detail: `S3: корзина ${s3!.bucket}${s3!.endpoint ? ` на ${s3!.endpoint}` : ''}` };
  if (kind === 'database') return { service, mode: 'real', detail: 'в PostgreSQL (таблицы stored_files, stored_file_chunks)' };
  return { service, mode: 'real', detail: `в папке ${config.uploadsDir} (одна машина)` };
}
