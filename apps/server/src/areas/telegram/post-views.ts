import { moscowLocalOf, type TelegramPost, type TelegramRun } from '@vmeste/contract';
import { pictureUrlOf } from './pictures.js';
import type { RunCounts } from './posts.repository.js';
import type { TelegramPostRow } from './telegram.schema.js';

export function runViewOf(run: RunCounts): TelegramRun {
  return {
    id: run.id,
    postId: run.postId,
    excerpt: run.excerpt,
    plannedAt: run.plannedAt.toISOString(),
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    recipients: run.recipients,
    delivered: run.delivered,
    blocked: run.blocked,
    failed: run.failed,
    pending: run.pending,
  };
}

export function postViewOf(post: TelegramPostRow, lastRun: RunCounts | undefined, runsCount: number): TelegramPost {
  return {
    id: post.id,
    text: post.text,
    pictureId: post.pictureId,
    pictureUrl: post.pictureId ? pictureUrlOf(post.pictureId) : null,
    buttonText: post.buttonText,
    buttonUrl: post.buttonUrl,
    sendAt: post.sendAt.toISOString(),
    sendAtMoscow: moscowLocalOf(post.sendAt),
    repeat: post.repeat,
    repeatUntil: post.repeatUntil,
    toChannel: post.toChannel,
    toSubscribers: post.toSubscribers,
    status: post.status,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    lastRun: lastRun ? runViewOf(lastRun) : null,
    runsCount,
  };
}
