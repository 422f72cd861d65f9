import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { User } from '#contract/auth.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { PhoneChangeForm } from './PhoneChangeForm.tsx';

type PhoneTarget = { phone: string; phone_code: string };

const server = setupApiServer();

const user: User = {
  id: 3,
  name: 'Ana Pop',
  email: null,
  phone: '722123456',
  phone_code: '+40',
  profile_photo: null,
  phone_verified_at: '2026-01-01T00:00:00Z',
};
const codeSent = { message: 'Ți-am trimis un cod.', data: { email_or_phone: '+40 7** *** 999', resend_in: 60 } };
const phone = () => screen.getByLabelText(ro['profile.new_phone']);
const sendButton = () => screen.getByRole('button', { name: ro['auth.send_otp'] });
/** The code's first box (the boxes come after the number). */
const firstBox = () => screen.getAllByRole('textbox')[1]!;

afterEach(() => vi.restoreAllMocks());

describe('PhoneChangeForm', () => {
  it("checks the number with the contract's schema before sending: the translated message on it, nothing sent", async () => {
    const sent = vi.fn();
    server.use(http.post('/api/profile/phone/send-otp', () => (sent(), HttpResponse.json(codeSent))));
    render(<PhoneChangeForm user={user} onChanged={vi.fn()} />);
    await userEvent.setup().click(sendButton());
    expect(await screen.findByText(ro['validation.phone_required'])).toBeInTheDocument();
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a 422's message on the number, and one of the code's under the boxes", async () => {
    server.use(
      http.post<never, PhoneTarget, ValidationErrorBody>('/api/profile/phone/send-otp', () =>
        HttpResponse.json({ message: ro['validation.phone_taken'], errors: { phone: [ro['validation.phone_taken']] } }, { status: 422 }),
      ),
    );
    const typing = userEvent.setup();
    render(<PhoneChangeForm user={user} onChanged={vi.fn()} />);
    await typing.type(phone(), '0733 999 999');
    await typing.click(sendButton());
    expect(await screen.findByText(ro['validation.phone_taken'])).toBeInTheDocument();
    expect(phone()).toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.post('/api/profile/phone/send-otp', () => HttpResponse.json(codeSent)),
      http.post<never, PhoneTarget & { otp: string }, ValidationErrorBody>('/api/profile/phone/verify', () =>
        HttpResponse.json({ message: 'Codul nu este corect.', errors: { otp: ['Codul nu este corect.'] } }, { status: 422 }),
      ),
    );
    await typing.click(sendButton());
    await waitFor(() => expect(phone()).toBeDisabled());
    await typing.click(firstBox());
    await typing.keyboard('1234');
    await typing.click(screen.getByRole('button', { name: ro['auth.confirm_otp'] }));
    expect(await screen.findByText('Codul nu este corect.')).toBeInTheDocument();
  });

  it('sends the digits with the dial code, then the code; hands the changed user on and starts over', async () => {
    const show = vi.spyOn(notifications, 'show');
    const bodies: { send?: PhoneTarget; verify?: PhoneTarget & { otp: string } } = {};
    const changed = { ...user, phone: '733999999' };
    server.use(
      http.post<never, PhoneTarget, typeof codeSent>('/api/profile/phone/send-otp', async ({ request }) => {
        bodies.send = await request.json();
        return HttpResponse.json(codeSent);
      }),
      http.post<never, PhoneTarget & { otp: string }, { message: string; data: { user: User } }>(
        '/api/profile/phone/verify',
        async ({ request }) => {
          bodies.verify = await request.json();
          return HttpResponse.json({ message: 'Numărul a fost schimbat.', data: { user: changed } });
        },
      ),
    );
    const onChanged = vi.fn();
    const typing = userEvent.setup();
    render(<PhoneChangeForm user={user} onChanged={onChanged} />);
    await typing.type(phone(), '733-999-999');
    expect(phone()).toHaveValue('733999999');
    await typing.click(sendButton());
    await waitFor(() => expect(phone()).toBeDisabled());
    expect(bodies.send).toEqual({ phone: '733999999', phone_code: '+40' });
    const confirm = screen.getByRole('button', { name: ro['auth.confirm_otp'] });
    expect(confirm).toBeDisabled();
    await typing.click(firstBox());
    await typing.keyboard('4821');
    await typing.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed));
    expect(bodies.verify).toEqual({ phone: '733999999', phone_code: '+40', otp: '4821' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Numărul a fost schimbat.' }));
    expect(phone()).toBeEnabled();
    expect(phone()).toHaveValue('');
  });
});
