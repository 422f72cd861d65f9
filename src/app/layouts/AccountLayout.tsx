/**
 * Account layout (product §2): the sidebar with photo, name and phone and its links; redirects to
 * / when nobody is signed in, on load and whenever the user becomes empty.
 */
import { Avatar, Badge, Box, Container, Grid, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { sessionStore } from '#src/features/auth/lib/session-store.ts';
import { currentUserQueryOptions } from '#src/features/account/api/account-api.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { formatPhone } from '#src/lib/format-phone.ts';
import { Header } from './Header.tsx';
import { CopyrightLine } from './CopyrightLine.tsx';
import { RouteSuspense } from './RouteSuspense.tsx';
import { FavoritesProvider } from '../FavoritesProvider.tsx';
import { useUnreadCount } from '#src/features/notifications/hooks/use-unread-count.ts';
import { OfflineBanner } from '#src/features/pwa/components/OfflineBanner.tsx';
import type { RouteHandle } from '../route-handle.ts';
import classes from './AccountLayout.module.css';

export const ACCOUNT_LINKS = [
  { to: '/dashboard', label: 'account.dashboard' },
  { to: '/order-history', label: 'account.order_history' },
  { to: '/profile', label: 'account.my_profile' },
  { to: '/notifications', label: 'account.notifications' },
  { to: '/manage-address', label: 'account.manage_address' },
  { to: '/support-tickets', label: 'account.support_ticket' },
  { to: '/terms-and-conditions', label: 'routes.terms' },
  { to: '/privacy-policy', label: 'routes.privacy' },
] as const;

export function AccountLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const storefront = useStorefront();
  const location = useLocation();
  const matches = useMatches();
  // Each visit re-reads the user: a revoked or expired token answers 401, which signs out
  // (product §4) and this layout then redirects home; a changed name or photo shows up.
  const current = useQuery({ ...currentUserQueryOptions(), enabled: session.isLoggedIn });
  const unread = useUnreadCount(session.isLoggedIn);
  useEffect(() => {
    if (current.data && JSON.stringify(current.data) !== JSON.stringify(sessionStore.get().user)) sessionStore.set({ user: current.data });
  }, [current.data]);
  const highlighted =
    [...matches]
      .reverse()
      .map((m) => (m.handle as RouteHandle | undefined)?.accountNav)
      .find(Boolean) ?? location.pathname;
  // On phones the links are one swipeable row: bring the current one into view.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('[data-active]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollTo({ left: active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2, behavior: 'instant' });
  }, [highlighted]);
  if (!session.isLoggedIn || !session.user) return <Navigate to="/" replace />;

  const user = session.user;
  return (
    <Box mih="100dvh">
      <OfflineBanner />
      <Header />
      <Container size="xl" py="lg">
        <Grid>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="md" component="aside" aria-label={t('account.sidebar')} className={classes.sidebar}>
              <Stack align="center" gap={4} mb="md" className={classes.profile}>
                <Avatar src={user.profile_photo} alt={user.name} size="lg" radius="xl">
                  {user.name.slice(0, 1)}
                </Avatar>
                <Text fw={600}>{user.name}</Text>
                <Text size="sm" c="dimmed">
                  {formatPhone(`${user.phone_code}${user.phone}`)}
                </Text>
              </Stack>
              <nav className={classes.links} ref={nav}>
                {ACCOUNT_LINKS.map((link) => (
                  <NavLink
                    key={link.to}
                    component={Link}
                    to={link.to}
                    label={t(link.label)}
                    active={highlighted === link.to}
                    rightSection={
                      link.to === '/notifications' && unread > 0 ? (
                        <Badge size="sm" color="red.8" circle aria-label={t('notifications.unread_count', { count: unread })}>
                          {unread > 99 ? '99+' : unread}
                        </Badge>
                      ) : undefined
                    }
                  />
                ))}
              </nav>
              <Box mt="md" className={classes.copyright}>
                <CopyrightLine footerText={storefront.footerText} appName={storefront.appName} />
              </Box>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }} component="main" id="main">
            <FavoritesProvider>
              <RouteSuspense>
                <Outlet />
              </RouteSuspense>
            </FavoritesProvider>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
