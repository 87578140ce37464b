import type { Db, DbOrTx } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { coverSizeKeysOf } from './cover-images.js';
import {
  cancelCoverRemoval,
  cancelRemovalsOfNamedCovers,
  findDueCoverRemovals,
  scheduleCoverRemoval,
} from './cover-removals.repository.js';

/**
 * How long a replaced cover stays: a page opened before the change (or kept a few seconds in the
 * render cache) still shows it, and a picture below the fold loads only when scrolled to.
 */
export const REPLACED_COVER_KEPT_SECONDS = 60 * 60;
/** How long a new upload's files may wait to be recorded: far longer than any upload takes. */
export const UNRECORDED_COVER_KEPT_SECONDS = 24 * 60 * 60;
/** Files removed per turn of the job; the rest wait for the next turn. */
const REMOVALS_PER_TURN = 200;

const secondsFrom = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** A new upload's files, marked before they are stored: if nothing records them, they go a day later. */
export function markUnrecordedCover(db: DbOrTx, keys: string[], now = new Date()): Promise<void> {
  return scheduleCoverRemoval(db, keys, secondsFrom(now, UNRECORDED_COVER_KEPT_SECONDS));
}

/** In the transaction that records a new cover: its files stay, the replaced ones go in an hour. */
export async function recordCoverChange(tx: DbOrTx, { added, replaced }: { added: string[]; replaced: string[] }, now = new Date()) {
  await cancelCoverRemoval(tx, added);
  await scheduleCoverRemoval(tx, replaced, secondsFrom(now, REPLACED_COVER_KEPT_SECONDS));
}

/** Files an upload stored and could not record: removed now, their marks with them. */
export async function removeUnrecordedCover(db: Db, storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key)));
  await cancelCoverRemoval(db, keys);
}

/**
 * The job's turn: removes each file due by `now` that no purchase names, with the sizes made of it
 * (cover-images.ts), then its mark. A turn cut short leaves marks whose files are partly gone; the
 * next turn deletes them again (deleting a missing file is no error). Answers how many were removed.
 */
export async function removeDueCovers(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  await cancelRemovalsOfNamedCovers(db, now);
  const keys = await findDueCoverRemovals(db, now, REMOVALS_PER_TURN);
  // The covers first, their sizes after: a size asked for in between finds no cover to be made from,
  // where removing cover by cover would let the thumbnail's sizes be made again from the whole cover.
  await Promise.all(keys.map((key) => storage.delete(key)));
  await Promise.all(keys.flatMap(coverSizeKeysOf).map((file) => storage.delete(file)));
  await cancelCoverRemoval(db, keys);
  return keys.length;
}
