import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { fileStorageState } from './select-file-storage.js';

const server = { DATABASE_URL: 'postgres://u@localhost:5432/shop' };
const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('where uploads live (FILE_STORAGE, S3_*)', () => {
  it('the embedded database keeps the folder, a server keeps them in PostgreSQL, S3 when its settings are whole', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).files.kind).toBe('local');
    expect(loadConfig({ NODE_ENV: 'test', ...server }).files.kind).toBe('database');
    const s3 = loadConfig({ NODE_ENV: 'test', ...server, S3_BUCKET: 'shop-files', S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys }).files;
    expect(s3).toMatchObject({ kind: 's3', s3: { bucket: 'shop-files', forcePathStyle: true, region: 'us-east-1' } });
    expect(loadConfig({ NODE_ENV: 'test', ...server, FILE_STORAGE: 'local' }).files.kind).toBe('local');
  });

  it('half-given settings stop the start with a Russian line naming the variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_BUCKET: настройки S3_\* заданы без корзины/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: задайте оба ключа или ни одного/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'shop-files' })).toThrow(/нужны ключи доступа к корзине shop-files/);
    expect(() => loadConfig({ NODE_ENV: 'test', FILE_STORAGE: 'database' })).toThrow(
      /FILE_STORAGE: файлы в базе данных хранятся только на сервере PostgreSQL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET: нужна корзина, когда FILE_STORAGE=s3/);
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'Bad_Bucket', ...keys })).toThrow(/S3_BUCKET: имя корзины/);
  });

  it('a production start without S3 keys turns S3 off, says so, and keeps files in PostgreSQL', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...server, S3_BUCKET: 'shop-files' });
    expect(config.files).toMatchObject({ kind: 'database', s3: null });
    expect(fileStorageState(config)).toEqual({
      service: 'Файлы',
      mode: 'off',
      detail: 'S3 выключен: не заданы S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY; файлы хранятся в PostgreSQL',
    });
    // Asked for by name, S3 without keys is no choice to fall back from.
    expect(() => loadConfig({ NODE_ENV: 'production', ...server, FILE_STORAGE: 's3', S3_BUCKET: 'shop-files' })).toThrow(
      /нужны ключи доступа/,
    );
  });
});
