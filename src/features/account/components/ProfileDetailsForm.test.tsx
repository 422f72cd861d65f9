import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { UpdateProfilePayload, User } from '#contract/auth.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx';

const server = setupApiServer();

const user: User = {
  id: 3,
  name: 'Ana Pop',
  email: 'ana@example.ro',
  phone: '722123456',
  phone_code: '+40',
  profile_photo: null,
  phone_verified_at: '2026-01-01T00:00:00Z',
};
const name = () => screen.getByLabelText(ro['auth.full_name']);
const email = () => screen.getByLabelText(ro['auth.email']);
const save = () => screen.getByRole('button', { name: ro['profile.save'] });

afterEach(() => vi.restoreAllMocks());

describe('ProfileDetailsForm', () => {
  it("checks with the contract's schema before sending: translated messages on their fields, nothing sent", async () => {
    const sent = vi.fn();
    server.use(http.put('/api/profile', () => (sent(), HttpResponse.json({}))));
    const typing = userEvent.setup();
    render(<ProfileDetailsForm user={user} onSaved={vi.fn()} />);
    expect(name()).toHaveValue('Ana Pop');
    await typing.clear(name());
    await typing.clear(email());
    await typing.type(email(), 'nu-e-o-adresa');
    await typing.click(save());
    expect(await screen.findByText(ro['validation.name_required'])).toBeInTheDocument();
    expect(screen.getByText(ro['validation.email_invalid'])).toBeInTheDocument();
    expect(name()).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a 422's per-field messages on their fields", async () => {
    const onSaved = vi.fn();
    server.use(
      http.put<never, UpdateProfilePayload, ValidationErrorBody>('/api/profile', () =>
        HttpResponse.json({ message: ro['validation.email_taken'], errors: { email: [ro['validation.email_taken']] } }, { status: 422 }),
      ),
    );
    render(<ProfileDetailsForm user={user} onSaved={onSaved} />);
    await userEvent.setup().click(save());
    expect(await screen.findByText(ro['validation.email_taken'])).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends the parsed name and a blank e-mail as none, and hands the saved user on', async () => {
    const show = vi.spyOn(notifications, 'show');
    let body: UpdateProfilePayload | undefined;
    const saved = { ...user, name: 'Ana Maria Pop', email: null };
    server.use(
      http.put<never, UpdateProfilePayload, { message: string; data: { user: User } }>('/api/profile', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Profilul a fost salvat.', data: { user: saved } });
      }),
    );
    const onSaved = vi.fn();
    const typing = userEvent.setup();
    render(<ProfileDetailsForm user={user} onSaved={onSaved} />);
    await typing.clear(name());
    await typing.type(name(), ' Ana Maria Pop ');
    await typing.clear(email());
    await typing.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(body).toEqual({ name: 'Ana Maria Pop', email: null });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Profilul a fost salvat.' }));
  });
});
