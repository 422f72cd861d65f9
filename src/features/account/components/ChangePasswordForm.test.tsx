import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { ChangePasswordPayload, SessionResponse } from '#contract/auth.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

const server = setupApiServer();

const session = { message: 'Parola a fost schimbată.', data: { token: 'fresh', user: { id: 1 } } } as unknown as SessionResponse;

async function fill(current: string, next: string, confirmation: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByTestId('field-current_password'), current);
  if (next) await user.type(screen.getByTestId('field-password'), next);
  if (confirmation) await user.type(screen.getByTestId('field-password_confirmation'), confirmation);
  await user.click(screen.getByTestId('change-password-submit'));
  return user;
}

describe('ChangePasswordForm', () => {
  it("checks with the contract's schema before sending: translated messages on their fields, nothing sent", async () => {
    const sent = vi.fn();
    server.use(http.post('/api/change-password', () => (sent(), HttpResponse.json(session))));
    render(<ChangePasswordForm onChanged={() => {}} />);
    await fill('', 'Parola-noua-1', 'Alta-parola-2');
    expect(await screen.findByText(ro['validation.current_password_required'])).toBeInTheDocument();
    expect(screen.getByText(ro['validation.password_mismatch'])).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a 422's per-field messages on their fields, and typing in a field clears its message", async () => {
    server.use(
      http.post<never, ChangePasswordPayload, ValidationErrorBody>('/api/change-password', () =>
        HttpResponse.json(
          { message: 'Parola curentă nu este corectă.', errors: { current_password: ['Parola curentă nu este corectă.'] } },
          { status: 422 },
        ),
      ),
    );
    const onChanged = vi.fn();
    render(<ChangePasswordForm onChanged={onChanged} />);
    const user = await fill('gresita', 'Parola-noua-1', 'Parola-noua-1');
    expect(await screen.findByText('Parola curentă nu este corectă.')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('field-current_password'), 'x');
    expect(screen.queryByText('Parola curentă nu este corectă.')).not.toBeInTheDocument();
  });

  it('sends the parsed values, hands the fresh session on and empties the form', async () => {
    let body: ChangePasswordPayload | undefined;
    server.use(
      http.post<never, ChangePasswordPayload, SessionResponse>('/api/change-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(session);
      }),
    );
    const onChanged = vi.fn();
    render(<ChangePasswordForm onChanged={onChanged} />);
    await fill('Vechea-parola-1', 'Parola-noua-1', 'Parola-noua-1');
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(session));
    expect(body).toEqual({ current_password: 'Vechea-parola-1', password: 'Parola-noua-1', password_confirmation: 'Parola-noua-1' });
    expect(screen.getByTestId('field-password')).toHaveValue('');
  });
});
