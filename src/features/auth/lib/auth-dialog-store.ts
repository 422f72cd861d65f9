/**
 * Which sign-in dialog is open (product §2 login, registration, Enter OTP, forgot password and
 * reset; §4 "modal switching"). A tiny external store so any screen can open the login modal
 * (e.g. the cart's "Please login first!", product §5) without prop drilling.
 */
import { useSyncExternalStore } from 'react';
import { focusedControl, returnFocus } from '#src/lib/focus-return.ts';

export type AuthDialog = 'login' | 'register' | 'otp' | 'forgot' | 'reset';

/** Why a code was sent: it decides what "Confirm OTP" and "Resend OTP" call (product §4). */
export interface PendingOtp {
  flow: 'register' | 'login' | 'forgot';
  phone: string;
  phone_code: string;
  /** Login flow only: resend re-posts phone, password, phone_code (product §4 Resend). Kept in memory only. */
  password?: string;
  email?: string;
  /** Where the code went, as the server names it (masked). */
  destination?: string;
  sentAt: number;
}

export interface AuthDialogState {
  dialog: AuthDialog | null;
  pending: PendingOtp | null;
  /** Forgot-password flow: the one-use token from /verify-otp for /reset-password. */
  resetToken: string | null;
}

let state: AuthDialogState = { dialog: null, pending: null, resetToken: null };
/** The control that opened the first dialog of a flow: the focus goes back to it when the flow ends. */
let opener: HTMLElement | null = null;
/** After a sign-in the login button is gone: the account menu's button, which took its place, gets the focus. */
const SIGNED_IN_FOCUS = '[data-focus-after-sign-in]';
const listeners = new Set<() => void>();

function set(patch: Partial<AuthDialogState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const authDialogStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(dialog: AuthDialog) {
    if (state.dialog === null) opener = focusedControl();
    set({ dialog });
  },
  close() {
    set({ dialog: null });
    returnFocus(opener, SIGNED_IN_FOCUS);
  },
  /** A code was sent: remember why, and show the Enter OTP dialog. */
  codeSent(pending: Omit<PendingOtp, 'sentAt'>) {
    set({ dialog: 'otp', pending: { ...pending, sentAt: Date.now() }, resetToken: null });
  },
  resent() {
    if (state.pending) set({ pending: { ...state.pending, sentAt: Date.now() } });
  },
  resetAllowed(token: string) {
    set({ dialog: 'reset', resetToken: token });
  },
  /** Done (signed in, or password reset): forget the pending phone, password and token. */
  finish(next: AuthDialog | null = null) {
    set({ dialog: next, pending: null, resetToken: null });
    if (next === null) returnFocus(opener, SIGNED_IN_FOCUS);
  },
};

export function useAuthDialog() {
  return useSyncExternalStore(authDialogStore.subscribe, authDialogStore.get, authDialogStore.get);
}

/** Opens the login modal from anywhere (product §5: "Please login first!"). */
export const openLogin = () => authDialogStore.open('login');
