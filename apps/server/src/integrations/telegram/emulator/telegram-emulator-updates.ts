import type http from 'node:http';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TelegramUpdateKind } from '../telegram-types.js';
import { BotApiRefusal, badRequest } from './telegram-emulator-answers.js';
import type { BotApiParams } from './telegram-emulator-params.js';
export type EmulatedWebhook = { url: string; secretToken: string | null; allowedUpdates: string[] };

type Queued = { id: number; kind: TelegramUpdateKind; update: Record<string, unknown> };
type WakeReason = 'update' | 'superseded' | 'webhook' | 'gone' | 'timeout';
type DeliveryWaiter = { upTo: number; resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

const WEBHOOK_CONFLICT = "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
const POLL_CONFLICT = 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running';
const SECRET_TOKEN = /^[A-Za-z0-9_-]*$/;
const MAX_POLL_SECONDS = 50;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Telegram retries a failing webhook for hours; tests need the next try soon. */
const RETRY_DELAYS_MS = [100, 200, 400, 800, 1000];

function isAllowed(allowedUpdates: string[], kind: TelegramUpdateKind): boolean {
  // Empty means Telegram's default: every kind but a few the shop never asks for.
  return allowedUpdates.length === 0 || allowedUpdates.includes(kind);
}

function allowedUpdatesOf(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((kind) => typeof kind === 'string') ? value : null;
}

function webhookFailure(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  if (error instanceof Error && error.name === 'TimeoutError') return 'Timeout expired';
  return typeof code === 'string' ? `Connection failed (${code})` : 'Connection failed';
}

/**
 * Updates wait here until confirmed: by a later getUpdates offset, or by a 2xx from the webhook.
 * The webhook gets them one at a time, in order, each retried until it is taken.
 */
export function createUpdateQueue() {
  let queue: Queued[] = [];
  // Telegram's update ids start anywhere; a random start keeps two runs apart.
  let nextId = 100_000_000 + randomInt(100_000_000);
  let webhook: EmulatedWebhook | null = null;
  let allowedUpdates: string[] = [];
  let lastError: { date: number; message: string } | null = null;
  let isDelivering = false;
  const polls = new Set<(reason: WakeReason) => void>();
  const waiters = new Set<DeliveryWaiter>();
  const closing = new AbortController();

  function settleWaiters(): void {
    for (const waiter of waiters) {
      if (queue.some((queued) => queued.id <= waiter.upTo)) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      waiter.resolve();
    }
  }

  function confirmBefore(offset: number): void {
    queue = queue.filter((queued) => queued.id >= offset);
    settleWaiters();
  }

  function wakePolls(reason: WakeReason): void {
    for (const wake of [...polls]) wake(reason);
  }

  function waitForPoll(ms: number, res: http.ServerResponse): Promise<WakeReason> {
    return new Promise((resolve) => {
      const wake = (reason: WakeReason) => {
        clearTimeout(timer);
        polls.delete(wake);
        res.off('close', onGone);
        resolve(reason);
      };
      const onGone = () => wake('gone');
      const timer = setTimeout(() => wake('timeout'), ms);
      polls.add(wake);
      res.on('close', onGone);
    });
  }

  async function post(target: EmulatedWebhook, queued: Queued): Promise<boolean> {
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(target.secretToken && { 'x-telegram-bot-api-secret-token': target.secretToken }),
        },
        body: JSON.stringify(queued.update),
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), closing.signal]),
      });
      await response.arrayBuffer();
      if (response.ok) return true;
      lastError = {
        date: Math.floor(Date.now() / 1000),
        message: `Wrong response from the webhook: ${response.status} ${response.statusText}`,
      };
    } catch (error) {
      lastError = { date: Math.floor(Date.now() / 1000), message: webhookFailure(error) };
    }
    return false;
  }

  async function deliver(): Promise<void> {
    if (isDelivering) return;
    isDelivering = true;
    try {
      let failures = 0;
      while (webhook && !closing.signal.aborted) {
        const next = queue[0];
        if (!next) break;
        if (await post(webhook, next)) {
          failures = 0;
          confirmBefore(next.id + 1);
          continue;
        }
        await sleep(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)], undefined, { signal: closing.signal }).catch(
          () => undefined,
        );
        failures += 1;
      }
    } finally {
      isDelivering = false;
    }
  }

  function deleteWebhook(params: BotApiParams): string {
    if (params.flag('drop_pending_updates')) confirmBefore(nextId);
    const wasSet = webhook !== null;
    webhook = null;
    return wasSet ? 'Webhook was deleted' : 'Webhook is already deleted';
  }

  return {
    get webhook(): Readonly<EmulatedWebhook> | null {
      return webhook;
    },
    get pendingCount(): number {
      return queue.length;
    },

    /** Answers the update_id, or null when the bot's allowed_updates leave the kind out. */
    push(kind: TelegramUpdateKind, payload: Record<string, unknown>): number {
      const id = nextId;
      nextId += 1;
      if (!isAllowed(allowedUpdates, kind)) return id;
      queue.push({ id, kind, update: { update_id: id, ...payload } });
      wakePolls('update');
      if (webhook) void deliver();
      return id;
    },

    async getUpdates(params: BotApiParams, res: http.ServerResponse): Promise<unknown[]> {
      if (webhook) throw new BotApiRefusal(409, WEBHOOK_CONFLICT);
      const offset = params.integer('offset');
      const limit = Math.min(100, Math.max(1, params.integer('limit') ?? 100));
      const timeoutSeconds = Math.min(MAX_POLL_SECONDS, Math.max(0, params.integer('timeout') ?? 0));
      const allowed = allowedUpdatesOf(params.json('allowed_updates'));
      if (allowed) allowedUpdates = allowed;
      // A negative offset keeps only that many of the newest updates.
      if (offset !== undefined && offset < 0) confirmBefore(queue.at(offset)?.id ?? 0);
      else if (offset !== undefined) confirmBefore(offset);
      // One poller at a time, as in Telegram: a second instance's request ends the first one's.
      wakePolls('superseded');
      if (queue.length === 0 && timeoutSeconds > 0) {
        const reason = await waitForPoll(timeoutSeconds * 1000, res);
        if (reason === 'superseded') throw new BotApiRefusal(409, POLL_CONFLICT);
        if (webhook) throw new BotApiRefusal(409, WEBHOOK_CONFLICT);
      }
      return queue.slice(0, limit).map((queued) => queued.update);
    },

    setWebhook(params: BotApiParams): string {
      const url = params.text('url')?.trim() ?? '';
      if (url === '') return deleteWebhook(params);
      let parsed: URL | null = null;
      try {
        parsed = new URL(url);
      } catch {
        // Refused below.
      }
      // Telegram wants HTTPS on a few ports; the emulator posts to the shop on localhost as well.
      if (!parsed || !/^https?:$/.test(parsed.protocol)) throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
      const secretToken = params.text('secret_token') ?? '';
      if (secretToken.length > 256) throw badRequest('secret token is too long');
      if (!SECRET_TOKEN.test(secretToken)) throw badRequest('secret token contains unallowed characters');
      const allowed = allowedUpdatesOf(params.json('allowed_updates'));
      if (allowed) allowedUpdates = allowed;
      if (params.flag('drop_pending_updates')) confirmBefore(nextId);
      const isSame = webhook?.url === url && webhook.secretToken === (secretToken || null);
      webhook = { url, secretToken: secretToken || null, allowedUpdates };
      lastError = null;
      wakePolls('webhook');
      void deliver();
      return isSame ? 'Webhook is already set' : 'Webhook was set';
    },

    deleteWebhook,

    webhookInfo() {
      return {
        url: webhook?.url ?? '',
        has_custom_certificate: false,
        pending_update_count: queue.length,
        ...(webhook && { max_connections: 40, ip_address: '127.0.0.1' }),
        ...(allowedUpdates.length > 0 && { allowed_updates: allowedUpdates }),
        ...(lastError && { last_error_date: lastError.date, last_error_message: lastError.message }),
      };
    },

    /** Resolves once every update queued so far is confirmed; updates queued later do not hold it up. */
    waitForDelivery(timeoutMs: number): Promise<void> {
      const upTo = nextId - 1;
      if (!queue.some((queued) => queued.id <= upTo)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const waiter: DeliveryWaiter = {
          upTo,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            const left = queue.filter((queued) => queued.id <= upTo).length;
            reject(new Error(`Telegram emulator: ${left} update(s) not confirmed within ${timeoutMs} ms`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },

    close(): void {
      closing.abort();
      wakePolls('gone');
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('Telegram emulator closed'));
      }
      waiters.clear();
    },
  };
}
