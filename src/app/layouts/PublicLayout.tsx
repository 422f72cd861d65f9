import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { OfflineBanner } from '../../features/pwa/components/OfflineBanner.tsx';
import { RouteSuspense } from './RouteSuspense.tsx';
import { FavoritesProvider } from '../FavoritesProvider.tsx';

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
        <Footer />
      </Box>
    </FavoritesProvider>
  );
}
