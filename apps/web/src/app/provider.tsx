import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import 'mantine-datatable/styles.css';
import 'dayjs/locale/ru';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { endLostSession } from '@/features/accounts';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { toastServerError } from '@/lib/toasts';
import { cssVariablesResolver, theme } from './theme';

dayjs.locale('ru');

// Any 401 means the session is gone: the user is signed out locally and lands on Main.
setUnauthorizedHandler(endLostSession);

/**
 * A failed read shows the error toast, unless its page shows the error itself (meta.isErrorShown).
 * Writes show theirs where they are sent (forms through useFormSubmit, one-click actions through
 * runAction), because only there is it known whether the page also shows the message inline.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => (query.meta?.isErrorShown ? undefined : toastServerError(error)) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }}>
            <NavigationProgress aria-label="Загрузка страницы" />
            <Notifications position="top-right" autoClose={3000} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
