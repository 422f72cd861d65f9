/**
 * GET /support-tickets?page=&status= — the shopper's tickets, newest update first.
 * Persisted like the orders list (docs/decisions/003): seen online, it opens offline; logout clears it.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TicketListResponse } from '../../../../contract/support.ts';
import { ticketListKey, type TicketListParams } from './tickets-keys.ts';

export type TicketList = TicketListResponse['data'];

export const getTickets = async ({ status, page = 1 }: TicketListParams, signal?: AbortSignal) =>
  (await apiRequest<TicketListResponse>('/support-tickets', { query: { status: status ?? undefined, page }, signal })).data;

export const ticketsQueryOptions = (params: TicketListParams) =>
  queryOptions({ queryKey: ticketListKey(params), queryFn: ({ signal }) => getTickets(params, signal), staleTime: 10_000 });
