import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import type { RegistrationPayload, SendOtpPayload, User, registrationResponseSchema, sendOtpResponseSchema } from '#contract/auth.ts';
import type { Country } from '#contract/content.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { RegisterModal } from './RegisterModal.tsx';

type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

const server = setupApiServer();

const countries: Country[] = [
  { name: 'România', phone_code: '+40', iso_code: 'RO' },
  { name: 'Moldova', phone_code: '+373', iso_code: 'MD' },
];
const user: User = {
  id: 7,
  name: 'Ioana Test',
  email: null,
  phone: '722123456',
  phone_code: '+40',
  profile_photo: null,
  phone_verified_at: null,
};
const codeSent: SendOtpResponse = {
  message: 'Codul a fost trimis.',
  data: { email_or_phone: '+40 7** *** 456', otp_length: 4, resend_in: 60, expires_in: 600 },
};

async function fill(name: string, phone: string, password: string) {
  const typing = userEvent.setup();
  if (name) await typing.type(screen.getByTestId('register-name'), name);
  if (phone) await typing.type(screen.getByTestId('phone-field'), phone);
  if (password) await typing.type(screen.getByTestId('register-password'), password);
  await typing.click(screen.getByTestId('register-submit'));
  return typing;
}

beforeEach(() => authDialogStore.open('register'));
afterEach(() => {
  authDialogStore.finish();
  sessionStore.clear();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('RegisterModal', () => {
  it("checks with the contract's schema before sending: translated messages on their fields, nothing sent", async () => {
    const sent = vi.fn();
    server.use(http.post('/api/registration', () => (sent(), HttpResponse.json({}))));
    render(<RegisterModal countries={countries} defaultCountry="România" />);
    await fill('', '722123456', 'scurta');
    expect(await screen.findByText(ro['validation.name_required'])).toBeInTheDocument();
    expect(screen.getByText(ro['validation.password_min'])).toBeInTheDocument();
    expect(screen.getByTestId('register-name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a 422's per-field messages on their fields and toasts its message", async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post<never, RegistrationPayload, ValidationErrorBody>('/api/registration', () =>
        HttpResponse.json({ message: ro['validation.phone_taken'], errors: { phone: [ro['validation.phone_taken']] } }, { status: 422 }),
      ),
    );
    render(<RegisterModal countries={countries} defaultCountry="România" />);
    await fill('Ioana Test', '722123456', 'parola-sigura-2026');
    expect(await screen.findByText(ro['validation.phone_taken'])).toBeInTheDocument();
    expect(screen.getByTestId('phone-field')).toHaveAttribute('aria-invalid', 'true');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: ro['validation.phone_taken'] }));
    expect(authDialogStore.get().dialog).toBe('register');
  });

  it("shows the server's phone_code message on the country field, and choosing another country clears it", async () => {
    const wrongCode = 'Prefixul ales nu este acceptat.';
    server.use(
      http.post<never, RegistrationPayload, ValidationErrorBody>('/api/registration', () =>
        HttpResponse.json({ message: wrongCode, errors: { phone_code: [wrongCode] } }, { status: 422 }),
      ),
    );
    render(<RegisterModal countries={countries} defaultCountry="România" />);
    const typing = await fill('Ioana Test', '722123456', 'parola-sigura-2026');
    expect(await screen.findByText(wrongCode)).toBeInTheDocument();
    expect(screen.getByTestId('country-field')).toHaveAttribute('aria-invalid', 'true');
    await typing.click(screen.getByTestId('country-field'));
    await typing.click(await screen.findByRole('option', { name: 'Moldova (+373)', hidden: true }));
    expect(screen.getByTestId('country-field')).toHaveValue('Moldova (+373)');
    await waitFor(() => expect(screen.queryByText(wrongCode)).not.toBeInTheDocument());
    expect(screen.getByTestId('country-field')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the parsed account with its dial code, empties the form, sends a code and opens the Enter OTP dialog', async () => {
    const bodies: { registration?: RegistrationPayload; sendOtp?: SendOtpPayload } = {};
    server.use(
      http.post<never, RegistrationPayload, RegistrationResponse>('/api/registration', async ({ request }) => {
        bodies.registration = await request.json();
        return HttpResponse.json({ message: 'Cont creat.', data: { user, requires_verification: true } });
      }),
      http.post<never, SendOtpPayload, SendOtpResponse>('/api/send-otp', async ({ request }) => {
        bodies.sendOtp = await request.json();
        return HttpResponse.json(codeSent);
      }),
    );
    render(<RegisterModal countries={countries} defaultCountry="România" />);
    await fill('  Ioana Test ', '722123456', 'parola-sigura-2026');
    await waitFor(() => expect(authDialogStore.get().dialog).toBe('otp'));
    expect(bodies.registration).toEqual({
      name: 'Ioana Test',
      country: 'România',
      phone: '722123456',
      password: 'parola-sigura-2026',
      phone_code: '+40',
      email: null,
    });
    expect(bodies.sendOtp).toEqual({ phone: '722123456', phone_code: '+40', forgot_password: null });
    expect(authDialogStore.get().pending).toMatchObject({
      flow: 'register',
      phone: '722123456',
      phone_code: '+40',
      destination: '+40 7** *** 456',
    });
    expect(screen.getByTestId('register-name')).toHaveValue('');
    expect(sessionStore.get().token).toBeNull();
  });

  it('with register_otp_verify off the answer signs the shopper in at once', async () => {
    const sendOtp = vi.fn();
    server.use(
      http.post<never, RegistrationPayload, RegistrationResponse>('/api/registration', () =>
        HttpResponse.json({
          message: 'Cont creat.',
          data: { user, requires_verification: false, access: { token: { token: 'tok-new', expires_at: null } } },
        }),
      ),
      http.post('/api/send-otp', () => (sendOtp(), HttpResponse.json(codeSent))),
    );
    render(<RegisterModal countries={countries} defaultCountry="România" />);
    await fill('Ioana Test', '722123456', 'parola-sigura-2026');
    await waitFor(() => expect(sessionStore.get().token).toBe('tok-new'));
    expect(sessionStore.get().user).toEqual(user);
    expect(authDialogStore.get().dialog).toBeNull();
    expect(sendOtp).not.toHaveBeenCalled();
  });
});
