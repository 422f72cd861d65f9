/**
 * The header's user menu without Mantine's Menu and its positioning library in the first load
 * (docs/decisions/008-first-load.md), as the language switcher does: the avatar button is plain
 * until the page is idle, then the menu takes its place; a click before that opens the menu as
 * soon as its code is there, and keyboard focus stays on the button through the swap.
 */
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useDeferredMenu } from '../../../lib/use-deferred-menu.ts';
import type { User } from '../lib/session-store.ts';
import { UserMenuButton } from './UserMenuButton.tsx';
import type { UserMenuLink } from './UserMenu.tsx';

const UserMenu = lazyPart(() => import('./UserMenu.tsx'));

export function LazyUserMenu({ user, links }: { user: User; links?: UserMenuLink[] }) {
  const { button, menu, open } = useDeferredMenu();
  const plain = <UserMenuButton ref={button} user={user} onClick={open} />;
  if (!menu) return plain;
  // Offline before the app is installed, the menu's code may not come: the plain button stays.
  return <UserMenu fallback={plain} user={user} links={links} defaultOpened={menu.opened} focusOnMount={menu.focus} />;
}
