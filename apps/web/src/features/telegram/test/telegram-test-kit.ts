import type { TelegramLink, TelegramOverview, TelegramPost, TelegramRun, TelegramStatistics, User } from '@vmeste/contract';

// Sample data of the telegram feature's tests, in the contract's shapes.

export { type ApiCall, renderInApp, samplePublicSettings, stubApi } from '@/lib/test-api';

export const POST_ID = '00000000-0000-4000-8000-000000000101';
export const RUN_ID = '00000000-0000-4000-8000-000000000201';
export const PICTURE_ID = '00000000-0000-4000-8000-000000000301';

/** An error answer of the API, as the server writes it. */
export function badRequest(message: string, field?: string) {
  return { status: 400, body: { statusCode: 400, error: 'Bad Request', message, ...(field ? { field } : {}) } };
}

export function sampleLink(overrides: Partial<TelegramLink> = {}): TelegramLink {
  return { isLinked: false, accountTitle: null, linkedAt: null, isBlocked: false, mutedKinds: [], ...overrides };
}

export function linkedLink(overrides: Partial<TelegramLink> = {}): TelegramLink {
  return sampleLink({ isLinked: true, accountTitle: '@maria', linkedAt: '2026-11-20T09:00:00.000Z', ...overrides });
}

/** A client who has just signed up: not confirmed until the phone is. */
export function sampleClient(overrides: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-8000-000000000401',
    phone: '79261234567',
    name: 'Мария',
    surname: 'Иванова',
    email: null,
    role: 'client',
    isConfirmedAccount: false,
    referralCode: 'MARIA2026',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function sampleOverview(overrides: Partial<TelegramOverview> = {}): TelegramOverview {
  return {
    botUsername: 'vmeste_shop_bot',
    channel: '@vmeste_shop',
    mode: 'emulator',
    subscribers: 21,
    blocked: 3,
    isOwnChatLinked: true,
    ...overrides,
  };
}

export function sampleRun(overrides: Partial<TelegramRun> = {}): TelegramRun {
  return {
    id: RUN_ID,
    postId: POST_ID,
    excerpt: 'Новая закупка: зимняя обувь',
    plannedAt: '2026-11-20T15:00:00.000Z',
    startedAt: '2026-11-20T15:00:05.000Z',
    finishedAt: '2026-11-20T15:02:00.000Z',
    recipients: 120,
    delivered: 115,
    blocked: 3,
    failed: 2,
    pending: 0,
    ...overrides,
  };
}

export function samplePost(overrides: Partial<TelegramPost> = {}): TelegramPost {
  return {
    id: POST_ID,
    text: '<b>Новая закупка:</b> зимняя обувь',
    pictureId: null,
    pictureUrl: null,
    buttonText: 'Смотреть',
    buttonUrl: 'https://vmeste.example/catalog',
    sendAt: '2026-11-25T15:30:00.000Z',
    sendAtMoscow: '2026-11-25T18:30',
    repeat: 'weekly',
    repeatUntil: '2026-12-31',
    toChannel: true,
    toSubscribers: true,
    status: 'scheduled',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    lastRun: null,
    runsCount: 0,
    ...overrides,
  };
}

export function sampleStatistics(overrides: Partial<TelegramStatistics> = {}): TelegramStatistics {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    runs: [
      sampleRun(),
      sampleRun({
        id: '00000000-0000-4000-8000-000000000202',
        excerpt: 'Скидки выходного дня',
        plannedAt: '2026-11-22T07:00:00.000Z',
        startedAt: '2026-11-22T07:00:02.000Z',
        finishedAt: null,
        recipients: 30,
        delivered: 10,
        blocked: 0,
        failed: 0,
        pending: 20,
      }),
    ],
    days: [
      { date: '2026-11-20', sent: 118, failed: 2 },
      { date: '2026-11-22', sent: 10, failed: 0 },
    ],
    subscribers: [
      { date: '2026-11-20', linked: 120, blocked: 3 },
      { date: '2026-11-22', linked: 125, blocked: 4 },
    ],
    ...overrides,
  };
}
