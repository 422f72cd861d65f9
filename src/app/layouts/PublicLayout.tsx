import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { Header } from './Header.tsx';
import { OfflineBanner } from '../../features/pwa/components/OfflineBanner.tsx';
import { RouteSuspense } from './RouteSuspense.tsx';
import { FavoritesProvider } from '../FavoritesProvider.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { WhenNearViewport } from '../WhenNearViewport.tsx';

// Below every screen's fold: its code and the subpages it lists load once the shopper scrolls near
// it, after the first screen (docs/decisions/008-first-load.md); appearing under the content, it moves nothing.
const Footer = lazyPart(() => import('./Footer.tsx').then((m) => ({ default: m.Footer })));

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
        <WhenNearViewport testId="site-footer-marker">
          <Footer />
        </WhenNearViewport>
      </Box>
    </FavoritesProvider>
  );
}
