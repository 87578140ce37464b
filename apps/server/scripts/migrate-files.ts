// Moves the uploads from the local folder (DATA_DIR/uploads, or the folder given) into the storage
// the settings choose — PostgreSQL with DATABASE_URL, or S3 with S3_* (docs/decisions/035):
//   npm run files:migrate [-- /path/to/uploads]
// Safe to run again and to cut off: files already there at the same size are skipped. The folder is
// left as it was. Exits 1 when the copy stopped on an error, 2 when there is nowhere to move to.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createLocalFileStorage } from '../src/integrations/storage/file-storage.js';
import { migrateFiles } from '../src/integrations/storage/migrate-files.js';
import { openFileStorage } from '../src/integrations/storage/select-file-storage.js';

const config = loadConfig();
const folder = process.argv[2] ?? config.uploadsDir;
if (config.files.kind === 'local') {
  console.error(
    `Файлы и так хранятся в папке ${config.uploadsDir}: переносить некуда. Задайте DATABASE_URL (файлы в PostgreSQL) или S3_* (файлы в S3).`,
  );
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const target = openFileStorage(config, database);
const where = config.files.kind === 's3' ? `S3 (корзина ${config.files.s3!.bucket})` : 'PostgreSQL';
console.log(`Перенос файлов из ${folder} в ${where}…`);
let code = 0;
try {
  const result = await migrateFiles(createLocalFileStorage(folder), target, (key, outcome) => {
    if (outcome === 'copied') console.log(`  ${key}`);
  });
  console.log(
    `Готово: перенесено ${result.copied} (${(result.bytes / 1024 / 1024).toFixed(1)} МБ), уже были на месте ${result.skipped}. Папку ${folder} можно удалить, когда магазин проверен.`,
  );
} catch (error) {
  console.error(`Перенос остановлен: ${(error as Error).message}. Запустите команду ещё раз — она продолжит с того же места.`);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
