import { useSyncExternalStore } from 'react';
import { isLoggedIn, sessionStore } from '../lib/session-store.ts';

export function useSession() {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.serverSnapshot);
  return { ...state, isLoggedIn: isLoggedIn(state) };
}
