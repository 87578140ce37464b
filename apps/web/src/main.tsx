import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider, queryClient } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import '@/lib/auth-actions';
import { installChunkErrorHandler } from '@/lib/chunk-errors';
import { startErrorReporting } from '@/lib/error-reporting';
import { publicSettingsQuery } from '@/lib/public-settings';
import './styles.css';

installChunkErrorHandler();
void queryClient.fetchQuery(publicSettingsQuery).then(startErrorReporting, () => false);

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
