import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { backupStorageOf } from '../integrations/storage/select-file-storage.js';
import { loggableError } from '../shared/loggable-error.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';

/**
 * `npm run backup [FILE]` and `npm run restore FILE`, with the shop's own settings (DATABASE_URL, or
 * the embedded database under DATA_DIR, which must be stopped first: its folder is locked; the file
 * storage they choose: the folder, PostgreSQL or the S3 bucket).
 */
async function main([command, file]: string[]) {
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, uploadsDir: config.uploadsDir };
  const storage = backupStorageOf(config);
  if (command === 'backup') {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const out = path.resolve(file ?? `vmeste-backup-${stamp}.zip`);
    const manifest = await createBackup(target, out, storage);
    process.stdout.write(`Резервная копия записана: ${out} (база: ${manifest.database}, файлов: ${manifest.files.length})\n`);
  } else if (command === 'restore' && file) {
    const manifest = await restoreBackup(target, path.resolve(file), storage);
    process.stdout.write(`Восстановлено из ${file}: база от ${manifest.createdAt}, файлов: ${manifest.files.length}\n`);
  } else {
    console.error('Использование: npm run backup [ФАЙЛ] | npm run restore ФАЙЛ');
    process.exit(2);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const isExplained = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError;
  console.error(isExplained ? (error as Error).message : loggableError(error));
  process.exit(1);
});
