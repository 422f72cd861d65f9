import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import type { SendOtpPayload, sendOtpResponseSchema } from '#contract/auth.ts';
import type { Country } from '#contract/content.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';

type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

const server = setupApiServer();

const countries: Country[] = [{ name: 'România', phone_code: '+40', iso_code: 'RO' }];
const codeSent: SendOtpResponse = {
  message: 'Codul a fost trimis.',
  data: { email_or_phone: '+40 7** *** 456', otp_length: 4, resend_in: 60, expires_in: 600 },
};

beforeEach(() => authDialogStore.open('forgot'));
afterEach(() => {
  authDialogStore.finish();
  vi.restoreAllMocks();
});

describe('ForgotPasswordDialog', () => {
  it("checks the phone (or the e-mail) with the contract's fields before sending: translated messages, nothing sent", async () => {
    const sent = vi.fn();
    server.use(http.post('/api/send-otp', () => (sent(), HttpResponse.json(codeSent))));
    const typing = userEvent.setup();
    const { unmount } = render(<ForgotPasswordDialog countries={countries} defaultCountry="" otpType="phone" />);
    await typing.click(screen.getByTestId('send-otp'));
    expect(await screen.findByText(ro['validation.phone_required'])).toBeInTheDocument();
    expect(screen.getByText(ro['validation.country_required'])).toBeInTheDocument();
    unmount();
    render(<ForgotPasswordDialog countries={countries} defaultCountry="România" otpType="email" />);
    await typing.type(screen.getByLabelText(ro['auth.email']), 'nu-e-o-adresa');
    await typing.click(screen.getByTestId('send-otp'));
    expect(await screen.findByText(ro['validation.email_invalid'])).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a 422's per-field messages on their fields and toasts its message", async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post<never, SendOtpPayload, ValidationErrorBody>('/api/send-otp', () =>
        HttpResponse.json(
          { message: ro['validation.phone_invalid'], errors: { phone: [ro['validation.phone_invalid']] } },
          { status: 422 },
        ),
      ),
    );
    const typing = userEvent.setup();
    render(<ForgotPasswordDialog countries={countries} defaultCountry="România" otpType="phone" />);
    await typing.type(screen.getByTestId('phone-field'), '7221');
    await typing.click(screen.getByTestId('send-otp'));
    expect(await screen.findByText(ro['validation.phone_invalid'])).toBeInTheDocument();
    expect(screen.getByTestId('phone-field')).toHaveAttribute('aria-invalid', 'true');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: ro['validation.phone_invalid'] }));
    expect(authDialogStore.get().dialog).toBe('forgot');
  });

  it('sends the phone with its dial code for a reset code and opens the Enter OTP dialog (or the e-mail)', async () => {
    const bodies: SendOtpPayload[] = [];
    server.use(
      http.post<never, SendOtpPayload, SendOtpResponse>('/api/send-otp', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(codeSent);
      }),
    );
    const typing = userEvent.setup();
    const { unmount } = render(<ForgotPasswordDialog countries={countries} defaultCountry="România" otpType="phone" />);
    await typing.type(screen.getByTestId('phone-field'), '722123456');
    await typing.click(screen.getByTestId('send-otp'));
    await waitFor(() => expect(authDialogStore.get().dialog).toBe('otp'));
    expect(bodies[0]).toEqual({ phone: '722123456', phone_code: '+40', forgot_password: 1 });
    expect(authDialogStore.get().pending).toMatchObject({
      flow: 'forgot',
      phone: '722123456',
      phone_code: '+40',
      destination: '+40 7** *** 456',
    });
    unmount();

    authDialogStore.open('forgot');
    render(<ForgotPasswordDialog countries={countries} defaultCountry="România" otpType="email" />);
    await typing.type(screen.getByLabelText(ro['auth.email']), 'ana@example.ro');
    await typing.click(screen.getByTestId('send-otp'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ email: 'ana@example.ro', phone_code: '+40', forgot_password: 1 });
    await waitFor(() => expect(authDialogStore.get().pending).toMatchObject({ flow: 'forgot', phone: '', email: 'ana@example.ro' }));
  });
});
