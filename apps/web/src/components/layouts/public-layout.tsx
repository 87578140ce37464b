import { Box } from '@mantine/core';
import type { PublicSettings } from '@vmeste/contract';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

type Props = { settings: PublicSettings | undefined; onLogout: () => void };

/** Header, page and footer of every public page; the app passes in the shop's details and the logout. */
export function PublicLayout({ settings, onLogout }: Props) {
  return (
    <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <PublicHeader onLogout={onLogout} />
      {/* At least a screen below the header (64 px), so the footer starts below the fold: a page whose
          content comes a moment later (an order, the covers) no longer pushes a visible footer down,
          Lighthouse's largest layout shift on a phone (CLS 0.6 on the order page, issue 29). */}
      <Box component="main" style={{ flex: 1, minHeight: 'calc(100dvh - 64px)' }} py="xl">
        <Outlet />
      </Box>
      <PublicFooter settings={settings} />
    </Box>
  );
}
