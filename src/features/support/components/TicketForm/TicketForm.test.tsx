import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateTicketPayload, TicketResponse } from '#contract/support.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import { act, fireEvent, render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { createTicket } from '../../api/create-ticket.ts';
import { TicketForm } from './TicketForm.tsx';
import { connectivity } from '#src/lib/connectivity.ts';

const server = setupApiServer();
const opened: TicketResponse = {
  message: 'Tichetul a fost deschis.',
  data: {
    ticket: {
      ticket_number: 'T-0123456789',
      subject: 'Colet deteriorat',
      status: 'open',
      priority: 'medium',
      order: { id: 12, number: 'TLC-000012' },
      created_at: '2026-03-05T10:00:00Z',
      updated_at: '2026-03-05T10:00:00Z',
      can_reply: true,
      messages: [],
    },
  },
};

const DRAFT = 'draft:support-ticket:1';
const form = () => screen.getByTestId('ticket-form');
const subject = () => form().querySelector('input[data-testid="ticket-subject"]') as HTMLInputElement;
const message = () => form().querySelector('textarea') as HTMLTextAreaElement;
const fileInput = () => form().querySelector('input[type="file"]') as HTMLInputElement;
const png = (size = 68) => {
  const file = new File([new Uint8Array(8)], 'colet.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const fill = () => {
  fireEvent.change(subject(), { target: { value: 'Colet deteriorat' } });
  fireEvent.change(message(), { target: { value: 'Cutia a sosit udă și ruptă.' } });
};

describe('TicketForm', () => {
  afterEach(() => {
    localStorage.clear();
    connectivity.reportReachable();
  });

  it('shows the contract’s messages before sending anything', async () => {
    const onSubmit = vi.fn();
    render(<TicketForm orders={[]} draftKey={null} onSubmit={onSubmit} />);
    fireEvent.submit(form());
    expect(await screen.findByText('Câmpul subiect este obligatoriu')).toBeInTheDocument();
    expect(screen.getByText('Câmpul mesaj este obligatoriu')).toBeInTheDocument();
    fireEvent.change(subject(), { target: { value: 'ab' } });
    fireEvent.change(message(), { target: { value: 'Ups' } });
    fireEvent.submit(form());
    expect(await screen.findByText('Subiectul trebuie să aibă cel puțin 3 caractere')).toBeInTheDocument();
    expect(screen.getByText('Mesajul trebuie să aibă cel puțin 5 caractere')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts the message’s characters against the limit', () => {
    render(<TicketForm orders={[]} draftKey={null} onSubmit={vi.fn()} />);
    fireEvent.change(message(), { target: { value: 'Salut' } });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('5 / 5000');
    expect(message()).toHaveAttribute('maxlength', '5000');
  });

  it('refuses an image over 5 MB and a file that is not an image, with a clear message', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<TicketForm orders={[]} draftKey={null} onSubmit={onSubmit} />);
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    fireEvent.change(fileInput(), { target: { files: [png(5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('Atașamentul nu poate depăși 5 MB')).toBeInTheDocument();
    fireEvent.change(fileInput(), { target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText('Atașamentul trebuie să fie o imagine JPEG, PNG sau WebP')).toBeInTheDocument();
    // The refused file is not sent.
    fill();
    fireEvent.submit(form());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![1]).toBeNull();
  });

  it('sends the parsed ticket with its image, order and a key reused when the same send is retried', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new NetworkError(new TypeError('fetch failed')))
      .mockResolvedValueOnce(undefined);
    render(<TicketForm orders={[{ id: 12, number: 'TLC-000012' }]} draftKey={DRAFT} onSubmit={onSubmit} />);
    fill();
    const image = png();
    fireEvent.change(fileInput(), { target: { files: [image] } });
    fireEvent.submit(form());
    expect(await screen.findByText('Ești offline. Încearcă din nou când ai conexiune la internet.')).toBeInTheDocument();
    const [payload, file, key] = onSubmit.mock.calls[0]!;
    expect(payload).toEqual({ subject: 'Colet deteriorat', priority: 'medium', order_id: null, message: 'Cutia a sosit udă și ruptă.' });
    expect(file).toBe(image);
    // The draft survives the failure.
    expect(JSON.parse(localStorage.getItem(DRAFT)!)).toMatchObject({ subject: 'Colet deteriorat' });
    fireEvent.submit(form());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![2]).toBe(key);
    // Sent: the draft goes and the form is empty again.
    await waitFor(() => expect(localStorage.getItem(DRAFT)).toBeNull());
    expect(subject().value).toBe('');
  });

  it('shows the server’s per-field messages', async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(422, 'Invalid', {
        order_id: ['Alege una dintre comenzile tale'],
        attachment: ['Atașamentul trebuie să fie o imagine JPEG, PNG sau WebP'],
      }),
    );
    render(<TicketForm orders={[{ id: 12, number: 'TLC-000012' }]} draftKey={null} onSubmit={onSubmit} />);
    fill();
    fireEvent.submit(form());
    expect(await screen.findByText('Alege una dintre comenzile tale')).toBeInTheDocument();
    expect(screen.getByText('Atașamentul trebuie să fie o imagine JPEG, PNG sau WebP')).toBeInTheDocument();
  });

  it('brings the draft back after a reload', () => {
    localStorage.setItem(DRAFT, JSON.stringify({ subject: 'Retur', priority: 'high', order_id: '', message: 'Vreau să returnez' }));
    render(<TicketForm orders={[]} draftKey={DRAFT} onSubmit={vi.fn()} />);
    expect(subject().value).toBe('Retur');
    expect(message().value).toBe('Vreau să returnez');
  });

  it('offline: the button says it needs a connection and nothing is sent', async () => {
    const onSubmit = vi.fn();
    render(<TicketForm orders={[]} draftKey={DRAFT} onSubmit={onSubmit} />);
    act(() => void window.dispatchEvent(new Event('offline')));
    const button = screen.getByTestId('send-button');
    expect(button).toHaveTextContent('Necesită conexiune la internet');
    expect(button).toBeDisabled();
    expect(screen.getByTestId('form-offline')).toBeInTheDocument();
    fill();
    fireEvent.submit(form());
    expect(await screen.findByText('Ești offline. Încearcă din nou când ai conexiune la internet.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(DRAFT)!)).toMatchObject({ subject: 'Colet deteriorat', message: 'Cutia a sosit udă și ruptă.' });
    // Back online is a hint: the app looks (a probe) before it believes it.
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByTestId('send-button')).toHaveTextContent('Trimite tichetul'));
  });

  it('through the API: JSON with its Idempotency-Key, multipart once an image goes with it, a 422 answer on its fields', async () => {
    const sent: { type: string | null; key: string | null; body: unknown }[] = [];
    server.use(
      http.post<never, CreateTicketPayload, ValidationErrorBody>('/api/support-tickets', async ({ request }) => {
        sent.push({ type: request.headers.get('Content-Type'), key: request.headers.get('Idempotency-Key'), body: await request.json() });
        return HttpResponse.json(
          { message: 'Datele nu sunt valide', errors: { order_id: ['Alege una dintre comenzile tale'] } },
          { status: 422 },
        );
      }),
    );
    render(<TicketForm orders={[{ id: 12, number: 'TLC-000012' }]} draftKey={DRAFT} onSubmit={createTicket} />);
    fill();
    fireEvent.submit(form());
    expect(await screen.findByText('Alege una dintre comenzile tale')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        type: 'application/json',
        key: expect.stringMatching(/-/),
        body: { subject: 'Colet deteriorat', priority: 'medium', message: 'Cutia a sosit udă și ruptă.' },
      },
    ]);

    let multipart: { type: string | null; fields: Record<string, string>; attachment: string | null } | undefined;
    server.use(
      http.post<never, never, TicketResponse>('/api/support-tickets', async ({ request }) => {
        const data = await request.formData();
        const fields: Record<string, string> = {};
        data.forEach((value, name) => {
          if (typeof value === 'string') fields[name] = value;
        });
        const attachment = data.get('attachment');
        // (jsdom's File reaches Node's fetch without its bytes: its part and type are what can be checked here.)
        multipart = {
          type: request.headers.get('Content-Type'),
          fields,
          attachment: attachment instanceof Object && 'type' in attachment ? attachment.type : null,
        };
        return HttpResponse.json(opened);
      }),
    );
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    fireEvent.submit(form());
    await waitFor(() => expect(localStorage.getItem(DRAFT)).toBeNull());
    expect(multipart).toEqual({
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      fields: { subject: 'Colet deteriorat', priority: 'medium', message: 'Cutia a sosit udă și ruptă.' },
      attachment: 'image/png',
    });
    expect(subject().value).toBe('');
  });
});
