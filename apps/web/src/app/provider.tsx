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
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toasts';
import { cssVariablesResolver, theme } from './theme';

dayjs.locale('ru');

/** A failed call shows the error toast once, with the server's Russian message; a 401 only logs out. */
function reportError(error: unknown) {
  if (isApiError(error) && error.statusCode === 401) return;
  toast.error(isApiError(error) ? error.message : null);
}

export const queryClient = new QueryClient({
  // A page that shows its own error (meta.isErrorShown) gets no toast on top of it.
  queryCache: new QueryCache({ onError: (error, query) => (query.meta?.isErrorShown ? undefined : reportError(error)) }),
  mutationCache: new MutationCache({ onError: reportError }),
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
