/**
 * GET /support-tickets?page=&status= — the shopper's tickets, newest update first.
 * Persisted like the orders list (docs/decisions/003): seen online, it opens offline; logout clears it.
 */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { supportApi } from '#contract/routes/support.ts';
import type { RouteAnswer } from '#contract/route.ts';
import { ticketListKey, type TicketListParams } from './tickets-keys.ts';

/** A page of tickets, as GET /support-tickets answers it. */
export type TicketList = RouteAnswer<typeof supportApi.list>['data'];

export const getTickets = async ({ status, page = 1 }: TicketListParams, signal?: AbortSignal) =>
  (await callRoute(supportApi.list, { query: { status: status ?? undefined, page }, signal })).data;

export const ticketsQueryOptions = (params: TicketListParams) =>
  queryOptions({ queryKey: ticketListKey(params), queryFn: ({ signal }) => getTickets(params, signal), staleTime: 10_000 });
