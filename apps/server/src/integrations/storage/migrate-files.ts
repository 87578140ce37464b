import type { FileStorage } from './file-storage.js';

export type FilesMigration = { copied: number; skipped: number; bytes: number };

/**
 * Copies every file of one storage into another (`npm run files:migrate`, docs/decisions/035): a
 * file the target already has at the same size is skipped, so a second run copies nothing and a run
 * cut off halfway goes on where it stopped (each put replaces a key whole, never half). Files stream
 * through one at a time. The source is left as it was: the operator removes it once the shop runs.
 */
export async function migrateFiles(
  from: FileStorage,
  to: FileStorage,
  onFile: (key: string, outcome: 'copied' | 'skipped') => void = () => {},
): Promise<FilesMigration> {
  const result: FilesMigration = { copied: 0, skipped: 0, bytes: 0 };
  for await (const key of from.keys()) {
    const source = await from.open(key);
    // Gone since it was listed (the shop deleted it): nothing to move.
    if (!source) continue;
    if ((await to.sizeOf(key)) === source.sizeBytes) {
      source.stream.destroy();
      result.skipped += 1;
      onFile(key, 'skipped');
      continue;
    }
    await to.put(key, source.stream);
    result.copied += 1;
    result.bytes += source.sizeBytes;
    onFile(key, 'copied');
  }
  return result;
}
