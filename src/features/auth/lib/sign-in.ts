/** Stores a new session (product §4: token and user) from any sign-in answer. */
import type { SessionResponse } from '#contract/auth.ts';
import { sessionStore } from './session-store.ts';

export function storeSession(response: SessionResponse) {
  sessionStore.set({ token: response.data.access.token.token, user: response.data.user });
}
