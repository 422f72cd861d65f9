/**
 * Support tickets (issue #6): opening a ticket, the shopper's replies, closing, and the
 * operator's reply (`npm run ops -- ticket:reply`), which notifies the shopper after commit.
 *
 * Statuses: open (waiting for support) → answered (support replied) → open again when the shopper
 * replies; closed by the shopper or the operator, after which nobody can reply.
 * Callers pass their open transaction (routes: inside app.idempotent) or the database.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import { cleanText, TICKET_MESSAGE_MAX, TICKET_MESSAGE_MIN, type TicketDetails, type TicketPriority } from '#contract/support.ts';
import {
  findOwnOrder,
  findTicket,
  insertMessage,
  insertTicket,
  setTicketStatus,
  ticketDetails,
  type NewAttachment,
  type TicketRow,
} from '#server/repositories/support-repository.ts';
import { enforceLimit } from './limits.ts';
import type { Notifier } from './notify.ts';

/** Per user: tickets opened and replies sent (counted only when they commit). */
export const SUPPORT_LIMITS = {
  tickets: { windowSeconds: 3600, max: 10 },
  replies: { windowSeconds: 3600, max: 60 },
};

/** Crockford base32 (no I, L, O, U): 32 symbols, so a random byte & 31 is unbiased. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "T-" + 10 random Crockford base32 characters: 50 bits, not guessable. */
export function newTicketNumber(): string {
  const bytes = randomBytes(10);
  let out = 'T-';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

export const ticketNotFound = () => new HttpError(404, 'support.ticket_not_found');

export interface NewTicket {
  userId: number;
  subject: string;
  priority: TicketPriority;
  orderId?: number | null;
  message: string;
  attachment?: NewAttachment;
}

/** Opens a ticket with its first message. The order, when given, must be the user's own (else 422 on order_id). */
export async function openTicket(tx: Database, input: NewTicket): Promise<TicketDetails> {
  const orderId = input.orderId ?? null;
  if (orderId !== null && !(await findOwnOrder(tx, input.userId, orderId))) throw fieldError('order_id', 'validation.ticket_order_invalid');
  await enforceLimit(tx, `support-ticket:user:${input.userId}`, SUPPORT_LIMITS.tickets);
  let ticket: TicketRow | undefined;
  // 50 random bits: a clash is all but impossible, but the unique index has the last word.
  for (let attempt = 0; !ticket && attempt < 5; attempt += 1) {
    ticket = await insertTicket(tx, {
      number: newTicketNumber(),
      userId: input.userId,
      orderId,
      subject: input.subject,
      priority: input.priority,
    });
  }
  if (!ticket) throw new Error('could not draw a free ticket number');
  await insertMessage(tx, ticket, 'customer', input.message, input.attachment);
  return ticketDetails(tx, ticket);
}

/** The shopper's reply: the ticket goes back to open. A closed ticket refuses it (422). */
export async function addCustomerReply(
  tx: Database,
  userId: number,
  ticketNumber: string,
  message: string,
  attachment?: NewAttachment,
): Promise<TicketDetails> {
  const ticket = await findTicket(tx, ticketNumber, { userId, lock: true });
  if (!ticket) throw ticketNotFound();
  if (ticket.status === 'closed') throw new HttpError(422, 'support.ticket_closed', { message: ['support.ticket_closed'] });
  await enforceLimit(tx, `support-reply:user:${userId}`, SUPPORT_LIMITS.replies);
  await insertMessage(tx, ticket, 'customer', message, attachment);
  await setTicketStatus(tx, ticket.id, 'open');
  return ticketDetails(tx, (await findTicket(tx, ticketNumber))!);
}

/**
 * Closes a ticket: the owner's (userId given) or any (the operator). Closing a closed ticket
 * answers it unchanged. undefined when there is no such ticket (for that user).
 */
export async function closeTicket(tx: Database, ticketNumber: string, userId?: number): Promise<TicketDetails | undefined> {
  const ticket = await findTicket(tx, ticketNumber, { userId, lock: true });
  if (!ticket) return undefined;
  if (ticket.status !== 'closed') await setTicketStatus(tx, ticket.id, 'closed');
  return ticketDetails(tx, (await findTicket(tx, ticketNumber))!);
}

/** Refused operator input (unknown ticket, closed ticket, bad message): the message says why. */
export class SupportCommandError extends Error {}

/**
 * The operator's reply: adds a support message (plain text, cleaned like the shopper's), sets the
 * status to answered and moves updated_at, commits, then notifies the shopper (in-app
 * notification + push) with a link to the ticket through `notifier` — an app's (the dev operator
 * route) or the ops command's own. Answers the ticket as its owner would see it.
 */
export async function replyToTicket(db: Database, ticketNumber: string, message: string, notifier: Notifier): Promise<TicketDetails> {
  const body = cleanText(message);
  if (body.length < TICKET_MESSAGE_MIN || body.length > TICKET_MESSAGE_MAX) {
    throw new SupportCommandError(`The reply must have between ${TICKET_MESSAGE_MIN} and ${TICKET_MESSAGE_MAX} characters.`);
  }
  const { details, userId } = await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const ticket = await findTicket(tx, ticketNumber.trim().toUpperCase(), { lock: true });
    if (!ticket) throw new SupportCommandError(`No ticket ${ticketNumber}.`);
    if (ticket.status === 'closed') throw new SupportCommandError(`Ticket ${ticket.number} is closed: the shopper can open a new one.`);
    await insertMessage(tx, ticket, 'support', body);
    await setTicketStatus(tx, ticket.id, 'answered');
    return { details: await ticketDetails(tx, (await findTicket(tx, ticket.number))!), userId: ticket.userId };
  });
  await notifier.notify(db, {
    userId,
    kind: 'ticket_reply',
    params: { ticket_number: details.ticket_number, subject: details.subject },
    url: `/support-ticket/${details.ticket_number}`,
  });
  return details;
}

/** The operator's close (`npm run ops -- ticket:close`). */
export async function closeTicketAsOperator(db: Database, ticketNumber: string): Promise<TicketDetails> {
  const details = await db.transaction((raw) => closeTicket(raw as unknown as Database, ticketNumber.trim().toUpperCase()));
  if (!details) throw new SupportCommandError(`No ticket ${ticketNumber}.`);
  return details;
}

export const TICKET_USAGE = 'usage: npm run ops -- ticket:reply <ticketNumber> <message> | ticket:close <ticketNumber>';

/**
 * `npm run ops -- ticket:reply <ticketNumber> <message>` and `ticket:close <ticketNumber>`:
 * answers the line to print; SupportCommandError (usage, unknown or closed ticket) otherwise.
 * The message may be given as several arguments (joined with spaces) or one quoted argument.
 */
export async function runTicketCommand(db: Database, argv: readonly string[], notifier: Notifier): Promise<string> {
  const [command, number, ...words] = argv;
  if (command === 'ticket:reply' && number && words.length) {
    const ticket = await replyToTicket(db, number, words.join(' '), notifier);
    return `Ticket ${ticket.ticket_number}: reply added, status ${ticket.status}; the shopper is notified.`;
  }
  if (command === 'ticket:close' && number && !words.length) {
    const ticket = await closeTicketAsOperator(db, number);
    return `Ticket ${ticket.ticket_number}: ${ticket.status}.`;
  }
  throw new SupportCommandError(TICKET_USAGE);
}
