import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../../testing/test-utils.tsx';
import type { TicketMessage } from '../../../../../contract/support.ts';
import { TicketThread } from './TicketThread.tsx';

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
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows messages as text (never HTML), line breaks kept, customer and support apart', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
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
    // jsdom's Blob is not undici's, so the answer is a Response-shaped object.
    const fetchMock = vi.fn(async () => ({ ok: true, status: 200, statusText: 'OK', blob: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) }));
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = render(<TicketThread messages={messages} />);
    const image = await screen.findByTestId('ticket-attachment');
    expect(image).toHaveAttribute('src', 'blob:test/1');
    expect(image).toHaveAttribute('alt', 'colet.png');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/support-tickets/T-0123456789/attachments/9');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    unmount();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('says the image cannot be shown when the download fails, and never sends the token elsewhere', async () => {
    const fetchMock = vi.fn(async (_url: string) => ({ ok: false, status: 404, statusText: 'Not Found' }));
    vi.stubGlobal('fetch', fetchMock);
    const foreign: TicketMessage = { ...messages[1]!, id: 3, attachment: { ...messages[1]!.attachment!, url: 'https://evil.example/steal' } };
    render(<TicketThread messages={[messages[1]!, foreign]} />);
    await waitFor(() => expect(screen.getAllByTestId('attachment-unavailable')).toHaveLength(2));
    expect(screen.getAllByTestId('attachment-unavailable')[0]).toHaveTextContent('colet.png');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/support-tickets/T-0123456789/attachments/9');
  });
});
