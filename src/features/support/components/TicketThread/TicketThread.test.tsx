import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, delay, http, setupApiServer } from '#src/testing/msw.ts';
import type { ErrorBody } from '#contract/envelope.ts';
import type { TicketMessage } from '#contract/support.ts';
import { TicketThread } from './TicketThread.tsx';

const server = setupApiServer();
const ATTACHMENT = '/api/support-tickets/:ticketNumber/attachments/:id';

/** Every request the thread makes, wherever it goes (`answer` answers the attachment's). */
function recordRequests(answer: () => Response | Promise<Response>) {
  const requests: { url: string; authorization: string | null }[] = [];
  const seen = ({ request }: { request: Request }) =>
    void requests.push({ url: request.url, authorization: request.headers.get('Authorization') });
  server.use(
    http.get(ATTACHMENT, (info) => (seen(info), answer())),
    http.all('*', (info) => (seen(info), HttpResponse.json<ErrorBody>({ message: 'Not found' }, { status: 404 }))),
  );
  return requests;
}

const messages: TicketMessage[] = [
  { id: 1, author: 'customer', body: '<script>alert(1)</script>\nA doua linie', created_at: '2026-03-05T10:00:00Z', attachment: null },
  {
    id: 2,
    author: 'support',
    body: 'Vă ajutăm imediat.',
    created_at: '2026-03-05T11:00:00Z',
    attachment: { id: 9, url: '/api/support-tickets/T-0123456789/attachments/9', name: 'colet.png', mime_type: 'image/png', size: 120 },
  },
];

describe('TicketThread', () => {
  let created: string[];
  let revoked: string[];
  beforeEach(() => {
    created = [];
    revoked = [];
    localStorage.setItem('auth', JSON.stringify({ token: 'tok-123' }));
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:test/${created.length + 1}`;
      created.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  });
  afterEach(() => localStorage.clear());

  it('shows messages as text (never HTML), line breaks kept, customer and support apart', () => {
    // The image's download never ends: the text shows regardless.
    server.use(http.get(ATTACHMENT, () => delay('infinite')));
    const { container } = render(<TicketThread messages={messages} />);
    const bodies = screen.getAllByTestId('ticket-message-body');
    expect(bodies[0]!.textContent).toBe('<script>alert(1)</script>\nA doua linie');
    expect(container.querySelector('script')).toBeNull();
    expect(bodies[0]!.className).toMatch(/body/);
    const items = screen.getAllByTestId('ticket-message');
    expect(items.map((item) => item.getAttribute('data-author'))).toEqual(['customer', 'support']);
    expect(items[0]).toHaveTextContent('Tu');
    expect(items[1]).toHaveTextContent('Asistență');
  });

  it('loads an image with the bearer token into an object URL and revokes it on unmount', async () => {
    const requests = recordRequests(
      () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
    );
    const { unmount } = render(<TicketThread messages={messages} />);
    const image = await screen.findByTestId('ticket-attachment');
    expect(image).toHaveAttribute('src', 'blob:test/1');
    expect(image).toHaveAttribute('alt', 'colet.png');
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ type: 'image/png', size: 4 }));
    expect(requests).toEqual([
      { url: `${location.origin}/api/support-tickets/T-0123456789/attachments/9`, authorization: 'Bearer tok-123' },
    ]);
    unmount();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('says the image cannot be shown when the download fails, and never sends the token elsewhere', async () => {
    const requests = recordRequests(() => HttpResponse.json<ErrorBody>({ message: 'Not found' }, { status: 404 }));
    const foreign: TicketMessage = {
      ...messages[1]!,
      id: 3,
      attachment: { ...messages[1]!.attachment!, url: 'https://evil.example/steal' },
    };
    render(<TicketThread messages={[messages[1]!, foreign]} />);
    await waitFor(() => expect(screen.getAllByTestId('attachment-unavailable')).toHaveLength(2));
    expect(screen.getAllByTestId('attachment-unavailable')[0]).toHaveTextContent('colet.png');
    expect(requests.map((r) => r.url)).toEqual([`${location.origin}/api/support-tickets/T-0123456789/attachments/9`]);
  });
});
