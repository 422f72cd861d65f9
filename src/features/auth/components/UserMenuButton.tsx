/** The user menu's avatar button: the same element before and after the menu's code has loaded. */
import type { Ref } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '../lib/session-store.ts';

export interface UserMenuButtonProps {
  user: User;
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function UserMenuButton({ user, ...props }: UserMenuButtonProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton aria-label={t('auth.user_menu')} aria-haspopup="menu" {...props}>
      <Avatar src={user.profile_photo} alt={user.name} radius="xl" size="md">
        {user.name.slice(0, 1)}
      </Avatar>
    </UnstyledButton>
  );
}
