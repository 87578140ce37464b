import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export type TestTelegramPostInput = EndpointRequest<typeof endpoints.telegram.testPost>;

export function testTelegramPost(request: TestTelegramPostInput) {
  return callEndpoint(endpoints.telegram.testPost, request);
}

/** Sends the post as it is typed to the admin's own linked Telegram; nothing is saved. */
export function useTestTelegramPost() {
  return useMutation({ mutationFn: testTelegramPost });
}
