/**
 * Auth state (product §3): user, bearer token, addresses and favourite count, persisted in the
 * browser under `auth`. Logged in means token, user and phone_verified_at are all present (§4).
 */
import { AUTH_STORAGE_KEY, onUnauthorized, setTokenReader } from '#src/lib/api-client.ts';
import { readStored, writeStored } from '#src/lib/storage.ts';
import { serverSnapshotOf } from '#src/lib/server-snapshot.ts';

import type { User } from '#contract/auth.ts';

export type { User };

export interface AuthState {
  user: User | null;
  token: string | null;
  addresses: unknown[];
  favoriteProducts: number;
}

const EMPTY: AuthState = { user: null, token: null, addresses: [], favoriteProducts: 0 };

let state: AuthState = { ...EMPTY, ...readStored<Partial<AuthState>>(AUTH_STORAGE_KEY, {}) };
const listeners = new Set<() => void>();
const get = () => state;

export const sessionStore = {
  get,
  /** Signed out: what the server draws a first screen as (ADR 044), so what hydration starts from. */
  serverSnapshot: serverSnapshotOf(get, EMPTY),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    writeStored(AUTH_STORAGE_KEY, state);
    listeners.forEach((l) => l());
  },
  /** Product §4 Logout and 401 handling: token, user and addresses go. */
  clear() {
    sessionStore.set({ ...EMPTY });
  },
};

export const isLoggedIn = (s: AuthState) => Boolean(s.token && s.user && s.user.phone_verified_at);

setTokenReader(() => state.token);
onUnauthorized(() => sessionStore.clear());

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    state = { ...EMPTY, ...readStored<Partial<AuthState>>(AUTH_STORAGE_KEY, {}) };
    listeners.forEach((l) => l());
  });
}
