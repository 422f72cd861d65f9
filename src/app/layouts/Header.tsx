/**
 * Header (product §2): logo, store buttons, become-a-seller link, language switcher, category
 * buttons, search (mobile and desktop variants), cart with badge, login button or user menu.
 */
import { ActionIcon, Anchor, Box, Container, Group, Image, Indicator, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { LanguageSwitcher } from '#src/features/i18n/components/LanguageSwitcher.tsx';
import { CategoryButtons } from '#src/features/categories/components/CategoryButtons/CategoryButtons.tsx';
import { SearchBox } from '#src/features/search/components/SearchBox.tsx';
import { CartButton } from '#src/features/cart/components/CartButton.tsx';
import { LoginButton } from '#src/features/auth/components/LoginButton.tsx';
import { LazyUserMenu } from '#src/features/auth/components/LazyUserMenu.tsx';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { InstallButton } from '#src/features/pwa/components/InstallButton.tsx';
import { HeartIcon, StoreIcon } from '#src/components/icons/icons.tsx';
import type { User } from '#src/features/auth/lib/session-store.ts';
import { useFavorites } from '#src/features/favorites/hooks/use-favorites.ts';
import { useUnreadCount } from '#src/features/notifications/hooks/use-unread-count.ts';
import { NotificationBell } from '#src/features/notifications/components/NotificationBell/NotificationBell.tsx';
import { StoreBadges } from './StoreBadges.tsx';
import classes from './Header.module.css';
import { headerHeight } from '../header-height.ts';

export function Header() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  /** The logo URL that failed to load: the name is shown instead (a new URL is tried again). */
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const logo = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A screen drawn by the server (ADR 044) may have failed its logo before the app took it over
    // (React does not replay the event). An SVG may have no natural width: decode() tells.
    const img = logo.current;
    if (img && img.complete && img.naturalWidth === 0) img.decode().catch(() => setFailedLogo(img.getAttribute('src')));
  }, []);
  const session = useSession();
  const ref = useMeasuredHeaderHeight();
  return (
    <Box component="header" className={classes.header} ref={ref}>
      <Box className={classes.topBar} visibleFrom="md">
        <Container size="xl">
          <Group justify="space-between" h={32}>
            {storefront.showDownloadApp ? (
              <StoreBadges playStoreLink={storefront.playStoreLink} appStoreLink={storefront.appStoreLink} size="sm" />
            ) : (
              <span />
            )}
            <Group gap="md">
              <InstallButton />
              <Anchor component={Link} to="/shop/register" size="sm" className={classes.sellerLink}>
                <StoreIcon size={16} /> {t('header.become_seller')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Link to="/" className={classes.logo} aria-label={t('header.home', { app: storefront.appName })}>
            {/* The logo carries the name; the text stands in when no logo is configured or it cannot load (offline, never cached). */}
            {storefront.logo && storefront.logo !== failedLogo ? (
              <Image
                ref={logo}
                src={storefront.logo}
                alt={storefront.appName}
                h={36}
                w="auto"
                fit="contain"
                onError={() => setFailedLogo(storefront.logo)}
              />
            ) : (
              <Text component="span" fw={800} fz="xl" c="var(--mantine-primary-color-filled)">
                {storefront.appName}
              </Text>
            )}
          </Link>
          <Box visibleFrom="md" style={{ flex: 1, maxWidth: 560 }}>
            <SearchBox variant="desktop" />
          </Box>
          <Group gap="xs" wrap="nowrap">
            <Box hiddenFrom="md">
              <InstallButton />
            </Box>
            <LanguageSwitcher languages={storefront.languages} />
            <CartButton signedIn={session.isLoggedIn} />
            {session.isLoggedIn && session.user ? <SignedInControls user={session.user} /> : <LoginButton />}
          </Group>
        </Group>
        <Box hiddenFrom="md" mt="xs">
          <SearchBox variant="mobile" />
        </Box>
        <CategoryButtons />
      </Container>
    </Box>
  );
}

/** Signed in (issue #6): favourites (a heart from 576 px up, in the menu on phones), the bell, the menu. */
function SignedInControls({ user }: { user: User }) {
  const { t } = useTranslation();
  const favorites = useFavorites(true);
  const unread = useUnreadCount(true);
  return (
    <>
      <Box visibleFrom="xs">
        <Indicator
          label={favorites.count}
          size={18}
          disabled={favorites.count === 0}
          offset={4}
          color="red.8"
          data-testid="favorites-badge"
        >
          <ActionIcon
            component={Link}
            to="/wishlist"
            variant="subtle"
            size="lg"
            aria-label={t('favorites.header_link', { count: favorites.count })}
          >
            <HeartIcon />
          </ActionIcon>
        </Indicator>
      </Box>
      <NotificationBell unread={unread} />
      <LazyUserMenu
        user={user}
        links={[
          { to: '/wishlist', label: t('user_menu.favorites', { count: favorites.count }) },
          { to: '/notifications', label: t('user_menu.notifications') },
        ]}
      />
    </>
  );
}

/**
 * Keeps the header's height where the top notices read it (app/header-height.ts), so they start
 * below the sticky header at every width and as the header wraps.
 */
function useMeasuredHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer's own box size: reading offsetHeight here could force a layout.
    const observer = new ResizeObserver(([entry]) =>
      headerHeight.set(Math.round(entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
