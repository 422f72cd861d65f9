/**
 * The header's user menu without Mantine's Menu and its positioning library in the first load
 * (docs/decisions/042-first-load-today.md), as the language switcher does: the avatar button is plain
 * until it is clicked, tapped or pressed, then the menu takes its place, opened (its code is
 * fetched ahead when the mouse comes over the button or the keyboard reaches it: lib/use-deferred-menu.ts).
 */
import { lazyPart } from '#src/lib/lazy-part.tsx';
import { useDeferredMenu } from '#src/lib/use-deferred-menu.ts';
import type { User } from '../lib/session-store.ts';
import { UserMenuButton } from './UserMenuButton.tsx';
import type { UserMenuLink } from './UserMenu.tsx';

const loadUserMenu = () => import('./UserMenu.tsx');
const UserMenu = lazyPart(loadUserMenu);

export function LazyUserMenu({ user, links }: { user: User; links?: UserMenuLink[] }) {
  const { button, opened, open, intent } = useDeferredMenu(loadUserMenu);
  const plain = <UserMenuButton ref={button} user={user} onClick={open} {...intent} />;
  if (!opened) return plain;
  // Offline before the app is installed, the menu's code may not come: the plain button stays.
  return <UserMenu fallback={plain} user={user} links={links} defaultOpened focusOnMount />;
}
