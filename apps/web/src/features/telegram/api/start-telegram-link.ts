import { endpoints } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export function startTelegramLink() {
  return callEndpoint(endpoints.telegram.startLink);
}

/** A one-time link to the bot; the chat is linked when the person presses «Start» in Telegram. */
export function useStartTelegramLink() {
  return useMutation({ mutationFn: startTelegramLink });
}
