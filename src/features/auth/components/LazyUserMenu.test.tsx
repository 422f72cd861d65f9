/** The header's user menu: a plain avatar button first, the menu (its own chunk) once clicked or idle. */
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '#src/testing/test-utils.tsx';
import ro from '#src/locales/ro.json';
import { LazyUserMenu } from './LazyUserMenu.tsx';
import type { User } from '../lib/session-store.ts';

const user = { id: 1, name: 'Ana Popescu', email: 'ana@example.ro', profile_photo: null } as unknown as User;

describe('LazyUserMenu', () => {
  it('a click on the plain avatar button opens the menu as soon as its code is there, with the composed links', async () => {
    render(<LazyUserMenu user={user} links={[{ to: '/wishlist', label: 'Favorite (2)' }]} />);
    const button = screen.getByRole('button', { name: ro['auth.user_menu'] });
    expect(button).toHaveTextContent('A');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    // jsdom never runs Mantine's opening transition (the dropdown keeps display: none): the items
    // are checked as rendered; tests/e2e/auth.spec.ts opens the menu in Chromium.
    expect(screen.getByRole('menuitem', { name: 'Favorite (2)', hidden: true })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByRole('menuitem', { name: ro['account.dashboard'], hidden: true })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('menuitem', { name: ro['auth.logout'], hidden: true })).toBeInTheDocument();
    // The menu's own button took the plain one's place: one avatar button, now expanded.
    expect(screen.getAllByRole('button', { name: ro['auth.user_menu'] })).toHaveLength(1);
    expect(screen.getByRole('button', { name: ro['auth.user_menu'] })).toHaveAttribute('aria-expanded', 'true');
  });
});
