/** The user menu's avatar button: the same element before and after the menu's code has loaded. */
import { useState, type Ref } from 'react';
import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '../lib/session-store.ts';
import classes from './UserMenuButton.module.css';

export interface UserMenuButtonProps {
  user: User;
  onClick?: () => void;
  /** The plain button's: the shopper reaches for the menu (lib/use-deferred-menu.ts). */
  onPointerEnter?: () => void;
  onFocus?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function UserMenuButton({ user, ...props }: UserMenuButtonProps) {
  const { t } = useTranslation();
  // A photo that fails to load (offline, removed) falls back to the initial, as Mantine's Avatar does.
  const [broken, setBroken] = useState<string | null>(null);
  const photo = user.profile_photo && user.profile_photo !== broken ? user.profile_photo : null;
  return (
    <UnstyledButton aria-label={t('auth.user_menu')} aria-haspopup="menu" data-focus-after-sign-in {...props}>
      <span className={classes.avatar}>
        {photo ? (
          <img src={photo} alt={user.name} onError={() => setBroken(photo)} />
        ) : (
          <span aria-hidden="true">{user.name.slice(0, 1)}</span>
        )}
      </span>
    </UnstyledButton>
  );
}
