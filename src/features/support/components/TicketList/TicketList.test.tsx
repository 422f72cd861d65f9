import { describe, expect, it } from 'vitest';
import { render, screen } from '#src/testing/test-utils.tsx';
import type { TicketSummary } from '#contract/support.ts';
import { TicketList } from './TicketList.tsx';
import { TicketStatusBadge } from '../TicketStatusBadge/TicketStatusBadge.tsx';

const ticket = (over: Partial<TicketSummary> = {}): TicketSummary => ({
  ticket_number: 'T-0123456789',
  subject: 'Colet deteriorat',
  status: 'answered',
  priority: 'high',
  order: { id: 12, number: 'TLC-000012' },
  created_at: '2026-03-01T08:00:00Z',
  updated_at: '2026-03-05T10:07:00Z',
  last_message_excerpt: 'Vă trimitem un colet nou',
  last_message_author: 'support',
  ...over,
});

describe('TicketList', () => {
  it('shows number, subject, status, last update and excerpt, linking to the thread', () => {
    render(
      <TicketList
        tickets={[ticket(), ticket({ ticket_number: 'T-ABCDEFGHJK', status: 'closed', order: null, last_message_author: 'customer' })]}
        label="Tichete"
      />,
    );
    const rows = screen.getAllByTestId('ticket-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('href', '/support-ticket/T-0123456789');
    expect(rows[0]).toHaveTextContent('T-0123456789');
    expect(rows[0]).toHaveTextContent('Colet deteriorat');
    expect(rows[0]).toHaveTextContent('Răspuns primit');
    expect(rows[0]).toHaveTextContent('Asistență: Vă trimitem un colet nou');
    expect(rows[0]).toHaveTextContent('05.03.2026');
    expect(rows[0]).toHaveTextContent('Comanda TLC-000012');
    expect(rows[1]).toHaveTextContent('Închis');
    expect(rows[1]).not.toHaveTextContent('Asistență:');
  });

  it('writes dates the Romanian way in English too and shows markup as text', () => {
    const { container } = render(<TicketList tickets={[ticket({ subject: '<img src=x onerror=alert(1)>' })]} label="Tickets" />, {
      lng: 'en',
    });
    expect(screen.getByTestId('ticket-row')).toHaveTextContent('05.03.2026');
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('TicketStatusBadge', () => {
  it('names the status and marks it for styling and tests', () => {
    render(<TicketStatusBadge status="open" />, { lng: 'en' });
    expect(screen.getByTestId('ticket-status')).toHaveAttribute('data-status', 'open');
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Open');
  });
});
