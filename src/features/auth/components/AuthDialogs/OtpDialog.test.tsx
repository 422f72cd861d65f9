import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router';
import type { z } from 'zod';
import type { LoginPayload, SessionResponse, User, VerifyOtpPayload, verifyOtpResponseSchema } from '#contract/auth.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { authDialogStore, useAuthDialog, type PendingOtp } from '../../lib/auth-dialog-store.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { OtpDialog } from './OtpDialog.tsx';

const server = setupApiServer();

const user: User = {
  id: 7,
  name: 'Ioana Test',
  email: null,
  phone: '722123456',
  phone_code: '+40',
  profile_photo: null,
  phone_verified_at: '2026-01-01T00:00:00Z',
};
const session: SessionResponse = { message: 'ok', data: { user, access: { token: { token: 'tok-verified', expires_at: null } } } };
const pending = (flow: PendingOtp['flow']): Omit<PendingOtp, 'sentAt'> => ({
  flow,
  phone: '722123456',
  phone_code: '+40',
  password: flow === 'login' ? 'parola-sigura-2026' : undefined,
});

/** As the app shows it: for the pending code of the dialogs' store. */
function Dialog() {
  const { dialog, pending } = useAuthDialog();
  return dialog === 'otp' && pending ? <OtpDialog pending={pending} otpLength={4} /> : null;
}

/** A code sent `sentAt` (now unless told) for `flow`. */
function renderOtp(flow: PendingOtp['flow'], sentAt?: number) {
  if (sentAt !== undefined) vi.spyOn(Date, 'now').mockReturnValueOnce(sentAt);
  authDialogStore.codeSent(pending(flow));
  return render(
    <>
      <Dialog />
      <Routes>
        <Route path="/" element={<p>acasă</p>} />
        <Route path="*" element={null} />
      </Routes>
    </>,
    { route: '/cos' },
  );
}

async function typeCode(code: string) {
  const typing = userEvent.setup();
  await typing.click(screen.getByLabelText(ro['auth.otp_digit'].replace('{{n}}', '1')));
  await typing.keyboard(code);
  await typing.click(screen.getByTestId('otp-confirm'));
  return typing;
}

afterEach(() => {
  authDialogStore.finish();
  sessionStore.clear();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('OtpDialog', () => {
  it('asks for every digit before sending: the translated message under the boxes, nothing sent', async () => {
    const sent = vi.fn();
    server.use(http.post('/api/verify-otp-register', () => (sent(), HttpResponse.json(session))));
    renderOtp('register');
    await typeCode('12');
    expect(await screen.findByRole('alert')).toHaveTextContent(ro['validation.otp_required']);
    expect(sent).not.toHaveBeenCalled();
  });

  it("shows a 422's message for the code under the boxes and toasts it; typing clears it", async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post<never, VerifyOtpPayload, ValidationErrorBody>('/api/verify-otp-register', () =>
        HttpResponse.json({ message: 'Codul nu este corect.', errors: { otp: ['Codul nu este corect.'] } }, { status: 422 }),
      ),
    );
    renderOtp('register');
    const typing = await typeCode('1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Codul nu este corect.');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Codul nu este corect.' }));
    expect(sessionStore.get().token).toBeNull();
    await typing.click(screen.getByLabelText(ro['auth.otp_digit'].replace('{{n}}', '4')));
    await typing.keyboard('5');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('registration: sends the phone, dial code and code, keeps the session and goes home', async () => {
    let body: VerifyOtpPayload | undefined;
    server.use(
      http.post<never, VerifyOtpPayload, SessionResponse>('/api/verify-otp-register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(session);
      }),
    );
    renderOtp('register');
    await typeCode('4821');
    await waitFor(() => expect(sessionStore.get().token).toBe('tok-verified'));
    expect(body).toEqual({ phone: '722123456', phone_code: '+40', otp: '4821' });
    expect(authDialogStore.get().dialog).toBeNull();
    expect(await screen.findByText('acasă')).toBeInTheDocument();
  });

  it('forgot password: the code buys a reset token and the reset dialog opens', async () => {
    let body: VerifyOtpPayload | undefined;
    server.use(
      http.post<never, VerifyOtpPayload, z.infer<typeof verifyOtpResponseSchema>>('/api/verify-otp', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'ok', data: { token: 'reset-token-0123456789abcdef' } });
      }),
    );
    renderOtp('forgot');
    await typeCode('4821');
    await waitFor(() => expect(authDialogStore.get().dialog).toBe('reset'));
    expect(authDialogStore.get().resetToken).toBe('reset-token-0123456789abcdef');
    expect(body).toEqual({ phone: '722123456', phone_code: '+40', otp: '4821' });
    expect(sessionStore.get().token).toBeNull();
  });

  it('after the countdown, Resend on the login flow re-posts phone, password and dial code, empties the boxes and counts again', async () => {
    const show = vi.spyOn(notifications, 'show');
    const logins: LoginPayload[] = [];
    server.use(
      http.post<never, VerifyOtpPayload, ValidationErrorBody>('/api/verify-otp-register', () =>
        HttpResponse.json({ message: 'Codul nu este corect.', errors: { otp: ['Codul nu este corect.'] } }, { status: 422 }),
      ),
      http.post<never, LoginPayload, { message: string }>('/api/login', async ({ request }) => {
        logins.push(await request.json());
        return HttpResponse.json({ message: 'Confirmă numărul de telefon.' }, { status: 403 });
      }),
    );
    renderOtp('login', Date.now() - 61_000);
    await typeCode('1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Codul nu este corect.');
    await userEvent.setup().click(screen.getByTestId('otp-resend'));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: ro['auth.code_resent'] })));
    expect(logins).toEqual([{ phone: '722123456', password: 'parola-sigura-2026', phone_code: '+40', device_key: null }]);
    expect(authDialogStore.get().pending!.sentAt).toBeGreaterThan(Date.now() - 5_000);
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent(/00:(60|59)/);
    expect(screen.queryByTestId('otp-resend')).not.toBeInTheDocument();
    expect(screen.getByLabelText(ro['auth.otp_digit'].replace('{{n}}', '1'))).toHaveValue('');
    // The message about the old code stays until the shopper types.
    expect(screen.getByRole('alert')).toHaveTextContent('Codul nu este corect.');
  });
});
