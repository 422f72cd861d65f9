/** Query keys of the shopper's support tickets, generic → specific (issue #6). */
import type { TicketStatus } from '#contract/support.ts';

export const SUPPORT_TICKETS_QUERY_KEY = ['support-tickets'] as const;

export interface TicketListParams {
  status?: TicketStatus | null;
  page?: number;
}

export const ticketListKey = ({ status, page }: TicketListParams) =>
  [...SUPPORT_TICKETS_QUERY_KEY, 'list', { page: page ?? 1, status: status ?? null }] as const;
export const ticketDetailKey = (ticketNumber: string) => [...SUPPORT_TICKETS_QUERY_KEY, 'detail', ticketNumber] as const;
