import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import type { LoginPayload, SessionResponse, User, loginUnverifiedResponseSchema } from '#contract/auth.ts';
import type { Country } from '#contract/content.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { LoginModal } from './LoginModal.tsx';

const server = setupApiServer();

const countries: Country[] = [
  { name: 'România', phone_code: '+40', iso_code: 'RO' },
  { name: 'Moldova', phone_code: '+373', iso_code: 'MD' },
];
const user: User = {
  id: 1,
  name: 'Ana Pop',
  email: null,
  phone: '722123456',
  phone_code: '+40',
  profile_photo: null,
  phone_verified_at: '2026-01-01T00:00:00Z',
};
const session: SessionResponse = { message: 'Bine ai venit!', data: { user, access: { token: { token: 'tok-fresh', expires_at: null } } } };
const noSocial = { google: null, facebook: null, apple: null };

function renderLogin() {
  render(<LoginModal countries={countries} defaultCountry="România" social={noSocial} appName="Talcioc" />);
}

async function fill(phone: string, password: string) {
  const user = userEvent.setup();
  if (phone) await user.type(screen.getByTestId('phone-field'), phone);
  if (password) await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
  return user;
}

beforeEach(() => authDialogStore.open('login'));
afterEach(() => {
  authDialogStore.finish();
  sessionStore.clear();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('LoginModal', () => {
  it("checks with the contract's schema before sending: translated messages on their fields, nothing sent", async () => {
    const sent = vi.fn();
    server.use(http.post('/api/login', () => (sent(), HttpResponse.json(session))));
    renderLogin();
    await fill('', '');
    expect(await screen.findByText(ro['validation.phone_required'])).toBeInTheDocument();
    expect(screen.getByText(ro['validation.password_required'])).toBeInTheDocument();
    expect(screen.getByTestId('phone-field')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a 422's per-field messages on their fields (and toasts its message); typing clears the field's", async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post<never, LoginPayload, ValidationErrorBody>('/api/login', () =>
        HttpResponse.json(
          { message: 'Datele de autentificare nu sunt corecte.', errors: { password: ['Parola nu este corectă.'] } },
          { status: 422 },
        ),
      ),
    );
    renderLogin();
    const typing = await fill('722123456', 'nu-e-buna');
    expect(await screen.findByText('Parola nu este corectă.')).toBeInTheDocument();
    expect(screen.getByLabelText(ro['auth.password'])).toHaveAccessibleDescription('Parola nu este corectă.');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Datele de autentificare nu sunt corecte.' }));
    expect(sessionStore.get().token).toBeNull();
    await typing.type(screen.getByTestId('login-password'), 'x');
    expect(screen.queryByText('Parola nu este corectă.')).not.toBeInTheDocument();
  });

  it("sends the parsed values with the country's dial code, keeps the session and closes", async () => {
    let body: LoginPayload | undefined;
    server.use(
      http.post<never, LoginPayload, SessionResponse>('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(session);
      }),
    );
    renderLogin();
    await fill('722123456', 'parola-sigura-2026');
    await waitFor(() => expect(sessionStore.get().token).toBe('tok-fresh'));
    expect(body).toEqual({ phone: '722123456', password: 'parola-sigura-2026', phone_code: '+40', device_key: null });
    expect(sessionStore.get().user).toEqual(user);
    expect(authDialogStore.get().dialog).toBeNull();
  });

  it('a 403 with requires_verification is no error: the Enter OTP dialog opens for that phone and password', async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post<never, LoginPayload, z.infer<typeof loginUnverifiedResponseSchema>>('/api/login', () =>
        HttpResponse.json(
          { message: 'Confirmă numărul de telefon.', data: { requires_verification: true, user: { ...user, phone_verified_at: null } } },
          { status: 403 },
        ),
      ),
    );
    renderLogin();
    await fill('722123456', 'parola-sigura-2026');
    await waitFor(() => expect(authDialogStore.get().dialog).toBe('otp'));
    expect(authDialogStore.get().pending).toMatchObject({
      flow: 'login',
      phone: '722123456',
      phone_code: '+40',
      password: 'parola-sigura-2026',
    });
    expect(show).not.toHaveBeenCalled();
  });
});
