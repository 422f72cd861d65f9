import { TICKET_STATUSES, type TicketStatus } from '#contract/support.ts';

/** The ticket list's parameters from the address: an unknown status is "all", a bad page is 1. */
export function ticketListParams(search: URLSearchParams): { status: TicketStatus | null; page: number } {
  const raw = search.get('status');
  const status = (TICKET_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as TicketStatus) : null;
  const page = Number(search.get('page'));
  return { status, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}
