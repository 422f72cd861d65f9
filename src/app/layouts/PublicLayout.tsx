import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { Header } from './Header.tsx';
import { OfflineBanner } from '#src/features/pwa/components/OfflineBanner.tsx';
import { RouteSuspense } from './RouteSuspense.tsx';
import { FavoritesProvider } from '../FavoritesProvider.tsx';
import { Footer } from './Footer.tsx';

export function PublicLayout() {
  return (
    <FavoritesProvider>
      <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <OfflineBanner />
        <Header />
        <Box component="main" id="main" style={{ flex: 1 }}>
          <RouteSuspense>
            <Outlet />
          </RouteSuspense>
        </Box>
        {/* In the page from the start, drawn on the server too: its landmark and links (ANPC, SAL, the
            seller sign-up link, the accessibility statement) reach a screen reader or keyboard at
            once (issue 37). Its drawing waits for the scroll (content-visibility), its subpages for idle. */}
        <Footer />
      </Box>
    </FavoritesProvider>
  );
}
