import { useQuery } from '@tanstack/react-query';
import { getCurrentUser } from '@/features/accounts';
import { telegramKeys } from './keys';

/**
 * The signed-in account (`GET /users/my`) while the person confirms it through the bot: asked every
 * `pollMs` until it is confirmed, in a background tab too (the person is in Telegram at that moment);
 * nothing is asked with `pollMs: false`. The card shows a failed read itself: a toast on every poll
 * would flood the screen.
 */
export function useActivationAccount({ pollMs }: { pollMs: number | false }) {
  return useQuery({
    queryKey: telegramKeys.activationAccount(),
    queryFn: getCurrentUser,
    enabled: pollMs !== false,
    refetchInterval: (query) => (pollMs && !query.state.data?.isConfirmedAccount ? pollMs : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    meta: { isErrorShown: true },
  });
}
