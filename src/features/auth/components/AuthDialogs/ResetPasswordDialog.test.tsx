import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ResetPasswordPayload } from '#contract/auth.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';

const server = setupApiServer();
const TOKEN = 'reset-token-0123456789abcdef';

async function fill(password: string, confirmation: string) {
  const typing = userEvent.setup();
  if (password) await typing.type(screen.getByTestId('reset-password'), password);
  if (confirmation) await typing.type(screen.getByTestId('reset-confirmation'), confirmation);
  await typing.click(screen.getByTestId('reset-submit'));
}

beforeEach(() => authDialogStore.resetAllowed(TOKEN));
afterEach(() => {
  authDialogStore.finish();
  vi.restoreAllMocks();
});

describe('ResetPasswordDialog', () => {
  it("checks with the contract's schema before sending: translated messages on their fields, nothing sent", async () => {
    const sent = vi.fn();
    server.use(http.post('/api/reset-password', () => (sent(), HttpResponse.json({ message: 'ok' }))));
    render(<ResetPasswordDialog token={TOKEN} />);
    await fill('scurta', 'alta');
    expect(await screen.findByText(ro['validation.password_min'])).toBeInTheDocument();
    expect(screen.getByText(ro['validation.password_mismatch'])).toBeInTheDocument();
    expect(screen.getByLabelText(ro['auth.confirm_password'])).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a 422's per-field messages on their fields and toasts its message", async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post<never, ResetPasswordPayload, ValidationErrorBody>('/api/reset-password', () =>
        HttpResponse.json(
          { message: 'Parola este prea des folosită.', errors: { password: ['Parola este prea des folosită.'] } },
          { status: 422 },
        ),
      ),
    );
    render(<ResetPasswordDialog token={TOKEN} />);
    await fill('parola12345', 'parola12345');
    expect(await screen.findByText('Parola este prea des folosită.')).toBeInTheDocument();
    expect(screen.getByLabelText(ro['auth.create_password'])).toHaveAccessibleDescription('Parola este prea des folosită.');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Parola este prea des folosită.' }));
    expect(authDialogStore.get().dialog).toBe('reset');
  });

  it('sends both passwords with the one-use token, then opens the login modal', async () => {
    let body: ResetPasswordPayload | undefined;
    server.use(
      http.post<never, ResetPasswordPayload, { message: string }>('/api/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Parola a fost schimbată.' });
      }),
    );
    render(<ResetPasswordDialog token={TOKEN} />);
    await fill('alta-parola-buna-42', 'alta-parola-buna-42');
    await waitFor(() => expect(authDialogStore.get().dialog).toBe('login'));
    expect(body).toEqual({ password: 'alta-parola-buna-42', password_confirmation: 'alta-parola-buna-42', token: TOKEN });
    expect(authDialogStore.get().resetToken).toBeNull();
  });
});
