/**
 * Header (spec §2): logo, store buttons, become-a-seller link, language switcher, category
 * buttons, search (mobile and desktop variants), cart with badge, login button or user menu.
 */
import { Anchor, Box, Container, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '../../features/storefront/hooks/use-storefront.ts';
import { LanguageSwitcher } from '../../features/i18n/components/LanguageSwitcher.tsx';
import { CategoryButtons } from '../../features/categories/components/CategoryButtons/CategoryButtons.tsx';
import { SearchBox } from '../../features/search/components/SearchBox.tsx';
import { CartButton } from '../../features/cart/components/CartButton.tsx';
import { LoginButton } from '../../features/auth/components/LoginButton.tsx';
import { UserMenu } from '../../features/auth/components/UserMenu.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { InstallButton } from '../../features/pwa/components/InstallButton.tsx';
import { StoreIcon } from '../../components/icons/icons.tsx';
import { StoreBadges } from './StoreBadges.tsx';
import classes from './Header.module.css';

export function Header() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  const session = useSession();
  return (
    <Box component="header" className={classes.header}>
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
            {/* The logo carries the name; the text stands in only when no logo is configured. */}
            {storefront.logo ? (
              <Image src={storefront.logo} alt={storefront.appName} h={36} w="auto" fit="contain" />
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
            <CartButton />
            {session.isLoggedIn && session.user ? <UserMenu user={session.user} /> : <LoginButton />}
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
