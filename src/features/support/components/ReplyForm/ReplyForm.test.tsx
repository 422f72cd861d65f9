import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketReplyPayload, TicketResponse } from '#contract/support.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import { fireEvent, render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { replyToTicket } from '../../api/reply-ticket.ts';
import { ReplyForm } from './ReplyForm.tsx';

const server = setupApiServer();
const answered: TicketResponse = {
  message: 'Răspunsul a fost trimis.',
  data: {
    ticket: {
      ticket_number: 'T-0123456789',
      subject: 'Colet',
      status: 'open',
      priority: 'medium',
      order: null,
      created_at: '2026-03-05T10:00:00Z',
      updated_at: '2026-03-05T11:00:00Z',
      can_reply: true,
      messages: [],
    },
  },
};

const textarea = () => screen.getByTestId('reply-form').querySelector('textarea') as HTMLTextAreaElement;

describe('ReplyForm', () => {
  afterEach(() => localStorage.clear());

  it('checks the message with the contract and keeps a draft per ticket', async () => {
    const onSubmit = vi.fn();
    const { unmount } = render(<ReplyForm draftKey="draft:support-reply:1:T-0123456789" onSubmit={onSubmit} />);
    fireEvent.submit(screen.getByTestId('reply-form'));
    expect(await screen.findByText('Câmpul mesaj este obligatoriu')).toBeInTheDocument();
    fireEvent.change(textarea(), { target: { value: 'Mulțumesc, aștept coletul.' } });
    unmount();
    render(<ReplyForm draftKey="draft:support-reply:1:T-0123456789" onSubmit={onSubmit} />);
    expect(textarea().value).toBe('Mulțumesc, aștept coletul.');
    render(<ReplyForm draftKey="draft:support-reply:1:T-ABCDEFGHJK" onSubmit={onSubmit} />);
    expect((screen.getAllByTestId('reply-form')[1]!.querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the cleaned text, clears the draft after success and shows a refusal', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new ApiError(422, 'Tichetul este închis și nu mai poate primi răspunsuri.'));
    render(<ReplyForm draftKey="draft:r" onSubmit={onSubmit} />);
    fireEvent.change(textarea(), { target: { value: '  <b>Bună</b>\r\nziua  ' } });
    fireEvent.submit(screen.getByTestId('reply-form'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toBe('<b>Bună</b>\nziua');
    await waitFor(() => expect(textarea().value).toBe(''));
    expect(localStorage.getItem('draft:r')).toBeNull();
    fireEvent.change(textarea(), { target: { value: 'Încă o întrebare' } });
    fireEvent.submit(screen.getByTestId('reply-form'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Tichetul este închis');
    // A different message is a new attempt: a new key.
    expect(onSubmit.mock.calls[1]![2]).not.toBe(onSubmit.mock.calls[0]![2]);
  });

  it('through the API: the cleaned text as JSON (multipart with an image), a 422 answer on its field', async () => {
    const sent: { type: string | null; key: string | null; body: unknown }[] = [];
    server.use(
      http.post<{ ticketNumber: string }, TicketReplyPayload, ValidationErrorBody>(
        '/api/support-tickets/:ticketNumber/replies',
        async ({ request, params }) => {
          sent.push({
            type: request.headers.get('Content-Type'),
            key: request.headers.get('Idempotency-Key'),
            body: { ticket: params.ticketNumber, ...(await request.json()) },
          });
          return HttpResponse.json(
            { message: 'Datele nu sunt valide', errors: { message: ['Mesajul conține caractere nepermise'] } },
            { status: 422 },
          );
        },
      ),
    );
    render(
      <ReplyForm draftKey="draft:r" onSubmit={(message, attachment, key) => replyToTicket('T-0123456789', message, attachment, key)} />,
    );
    fireEvent.change(textarea(), { target: { value: '  Mulțumesc,\r\naștept coletul.  ' } });
    fireEvent.submit(screen.getByTestId('reply-form'));
    expect(await screen.findByText('Mesajul conține caractere nepermise')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        type: 'application/json',
        key: expect.stringMatching(/-/),
        body: { ticket: 'T-0123456789', message: 'Mulțumesc,\naștept coletul.' },
      },
    ]);

    let multipart: { type: string | null; message: FormDataEntryValue | null; attachment: string | null } | undefined;
    server.use(
      http.post<{ ticketNumber: string }, never, TicketResponse>('/api/support-tickets/:ticketNumber/replies', async ({ request }) => {
        const data = await request.formData();
        const attachment = data.get('attachment');
        // (jsdom's File reaches Node's fetch without its bytes: its part and type are what can be checked here.)
        multipart = {
          type: request.headers.get('Content-Type'),
          message: data.get('message'),
          attachment: attachment instanceof Object && 'type' in attachment ? attachment.type : null,
        };
        return HttpResponse.json(answered);
      }),
    );
    fireEvent.change(screen.getByTestId('attachment-input'), {
      target: { files: [new File([new Uint8Array(8)], 'colet.webp', { type: 'image/webp' })] },
    });
    fireEvent.submit(screen.getByTestId('reply-form'));
    await waitFor(() => expect(textarea().value).toBe(''));
    // multipart/form-data carries line breaks as CR LF (the server's cleanText makes them LF again).
    expect(multipart).toEqual({
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      message: 'Mulțumesc,\r\naștept coletul.',
      attachment: 'image/webp',
    });
    expect(localStorage.getItem('draft:r')).toBeNull();
  });
});
