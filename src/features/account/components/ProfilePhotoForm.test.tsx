import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { User } from '#contract/auth.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import ro from '#src/locales/ro.json';
import { fireEvent, render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { ProfilePhotoForm } from './ProfilePhotoForm.tsx';

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
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const image = (type = 'image/png', size = 68) => {
  const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'eu.png', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

afterEach(() => vi.restoreAllMocks());

describe('ProfilePhotoForm', () => {
  it('refuses a file that is not JPEG, PNG or WebP, or over 2 MB, before sending anything', async () => {
    const sent = vi.fn();
    server.use(http.post('/api/profile/photo', () => (sent(), HttpResponse.json({}))));
    render(<ProfilePhotoForm user={user} onSaved={vi.fn()} />);
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    fireEvent.change(fileInput(), { target: { files: [image('image/gif')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(ro['profile.photo_type']);
    fireEvent.change(fileInput(), { target: { files: [image('image/png', 2 * 1024 * 1024 + 1)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(ro['profile.photo_size']);
    expect(sent).not.toHaveBeenCalled();
  });

  it("shows a 422's message for the photo under the button", async () => {
    const onSaved = vi.fn();
    server.use(
      http.post<never, never, ValidationErrorBody>('/api/profile/photo', () =>
        HttpResponse.json({ message: 'Fișierul nu este o imagine.', errors: { photo: ['Fișierul nu este o imagine.'] } }, { status: 422 }),
      ),
    );
    render(<ProfilePhotoForm user={user} onSaved={onSaved} />);
    fireEvent.change(fileInput(), { target: { files: [image()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Fișierul nu este o imagine.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('uploads the chosen image as multipart (field photo) and hands the saved user on', async () => {
    const show = vi.spyOn(notifications, 'show');
    let contentType: string | null = null;
    let photo: { type: string } | null = null;
    const saved = { ...user, profile_photo: '/media/img/v1/abc/160.webp' };
    server.use(
      http.post<never, never, { message: string; data: { user: User } }>('/api/profile/photo', async ({ request }) => {
        contentType = request.headers.get('Content-Type');
        // (jsdom's File reaches Node's fetch without its bytes: its part and type are what can be checked here.)
        const part = (await request.formData()).get('photo');
        photo = part instanceof Object && 'type' in part ? { type: part.type } : null;
        return HttpResponse.json({ message: 'Fotografia a fost salvată.', data: { user: saved } });
      }),
    );
    const onSaved = vi.fn();
    render(<ProfilePhotoForm user={user} onSaved={onSaved} />);
    fireEvent.change(fileInput(), { target: { files: [image()] } });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(photo).toEqual({ type: 'image/png' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Fotografia a fost salvată.' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
