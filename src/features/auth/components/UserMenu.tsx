/**
 * User menu (spec §2): name, photo, email on mobile; Dashboard, Change Password, Log Out with
 * confirmation — plus Favourites and Notifications (issue #6: on phones the header has no room
 * for a heart link).
 */
import { useState, type ReactNode } from 'react';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '../lib/session-store.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { LazyConfirmDialog } from '../../../components/ConfirmDialog/LazyConfirmDialog.tsx';

/** `links`: more account entries the app composes in (favourites, notifications). */
export function UserMenu({ user, links }: { user: User; links?: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirmLogout = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    setConfirming(false);
    void navigate('/');
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('auth.user_menu')}>
            <Avatar src={user.profile_photo} alt={user.name} radius="xl" size="md">
              {user.name.slice(0, 1)}
            </Avatar>
          </UnstyledButton>
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
          {links}
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
        text={t('logout_confirmation')}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmLogout()}
      />
    </>
  );
}
