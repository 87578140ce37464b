import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import type { Headers } from '../fixtures/requests.js';

/** The app's built-in Telegram emulator (the test apps run without a bot token). */
export async function emulatorOf(app: FastifyInstance): Promise<TelegramEmulator> {
  const emulator = await app.areas.telegram.connection.emulator();
  if (!emulator) throw new Error('the test app runs on a real Telegram token');
  return emulator;
}

/** Lets the bot take every update the emulator holds, then sends everything queued. */
export async function settle(app: FastifyInstance): Promise<void> {
  const { polling, sender } = app.areas.telegram;
  await polling.pollOnce(0);
  await sender.drain();
}

export function startToken(url: string): string {
  const token = /start=([A-Za-z0-9_-]+)/.exec(url)?.[1];
  expect(token, url).toBeTruthy();
  return token!;
}

/** «Подключить Telegram» as the signed-in person, and a new emulated Telegram user pressing Start. */
export async function linkTelegram(
  app: FastifyInstance,
  headers: Headers,
  firstName = 'Мария',
): Promise<{ userId: number; chatId: string }> {
  const emulator = await emulatorOf(app);
  const started = await app.inject({ method: 'POST', url: '/api/telegram/link', headers });
  expect(started.statusCode, started.body).toBe(201);
  const user = emulator.addUser({ firstName, username: `user${Date.now()}${Math.floor(Math.random() * 1000)}` });
  emulator.pressStart(user.id, startToken(started.json<{ url: string }>().url));
  await settle(app);
  const link = await app.inject({ method: 'GET', url: '/api/telegram/link', headers });
  expect(link.json<{ isLinked: boolean }>().isLinked, link.body).toBe(true);
  return { userId: user.id, chatId: String(user.id) };
}

/** Texts the bot sent to a chat, in order (captions for pictures). */
export function textsTo(emulator: TelegramEmulator, chatId: string | number): string[] {
  return emulator.sentTo(chatId).map((send) => send.text ?? send.caption ?? '');
}
