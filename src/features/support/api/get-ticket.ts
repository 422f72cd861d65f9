/** GET /support-tickets/{ticketNumber} — the thread, oldest message first (persisted like an order). */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { supportApi } from '#contract/routes/support.ts';
import { ticketDetailKey } from './tickets-keys.ts';

export const getTicket = async (ticketNumber: string, signal?: AbortSignal) =>
  (await callRoute(supportApi.details, { params: { ticketNumber }, signal })).data.ticket;

export const ticketQueryOptions = (ticketNumber: string) =>
  queryOptions({ queryKey: ticketDetailKey(ticketNumber), queryFn: ({ signal }) => getTicket(ticketNumber, signal), staleTime: 10_000 });
