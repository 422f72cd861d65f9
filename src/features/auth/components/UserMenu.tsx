/**
 * User menu (product §2): name, photo, email on mobile; Dashboard, Change Password, Log Out with
 * confirmation — plus Favourites and Notifications (issue #6: on phones the header has no room
 * for a heart link).
 */
import { useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '../lib/session-store.ts';
import { useLogout, useWaitingChanges } from '../hooks/use-logout.ts';
import { LazyConfirmDialog } from '#src/components/ConfirmDialog/LazyConfirmDialog.tsx';
import { UserMenuButton } from './UserMenuButton.tsx';
import { useFocusOnMount } from '#src/lib/use-deferred-menu.ts';

/** More account entries the app composes in (favourites, notifications). */
export interface UserMenuLink {
  to: string;
  label: string;
}

/** Loaded by LazyUserMenu: its own chunk with Mantine's Menu. */
export default function UserMenu({
  user,
  links = [],
  defaultOpened = false,
  focusOnMount = false,
}: {
  user: User;
  links?: UserMenuLink[];
  defaultOpened?: boolean;
  focusOnMount?: boolean;
}) {
  const { t } = useTranslation();
  const logout = useLogout();
  const waiting = useWaitingChanges();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = useFocusOnMount(focusOnMount);

  const confirmLogout = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    setConfirming(false);
    void navigate('/');
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <UserMenuButton ref={target} user={user} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text fw={600}>{user.name}</Text>
            {user.email && (
              <Text size="xs" hiddenFrom="md">
                {user.email}
              </Text>
            )}
          </Menu.Label>
          <Menu.Item component={Link} to="/dashboard">
            {t('account.dashboard')}
          </Menu.Item>
          {links.map((link) => (
            <Menu.Item key={link.to} component={Link} to={link.to}>
              {link.label}
            </Menu.Item>
          ))}
          <Menu.Item component={Link} to="/change-password">
            {t('account.change_password')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setConfirming(true)}>
            {t('auth.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <LazyConfirmDialog
        opened={confirming}
        title={t('auth.logout')}
        text={waiting > 0 ? `${t('offline.logout_pending', { count: waiting })} ${t('logout_confirmation')}` : t('logout_confirmation')}
        confirmLabel={waiting > 0 ? t('offline.logout_anyway') : undefined}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmLogout()}
      />
    </>
  );
}
