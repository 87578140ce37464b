// The UI kit's base styles come first, before any page's own styles, whichever chunk brings those.
import '@mantine/core/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from '@/app/router';
import { installChunkErrorHandler } from '@/lib/chunk-errors';

installChunkErrorHandler();

// The entry is routing, guards and the session only; the providers come with the app shell (router.tsx).
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
