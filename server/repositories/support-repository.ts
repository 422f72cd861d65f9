/**
 * Support tickets as stored and as the API answers them (issue #6). Every reader that takes a
 * user id matches the ticket's owner in the same query: another user's ticket is simply not found.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders, supportAttachments, supportTicketMessages, supportTickets } from '#server/db/schema.ts';
import type { TicketAttachment, TicketAuthor, TicketDetails, TicketPriority, TicketStatus, TicketSummary } from '#contract/support.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export const EXCERPT_LENGTH = 140;

export const attachmentUrl = (ticketNumber: string, attachmentId: number) =>
  `/api/support-tickets/${encodeURIComponent(ticketNumber)}/attachments/${attachmentId}`;

/** One line of at most EXCERPT_LENGTH characters, "…" when cut. */
export function excerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : line;
}

/** The user's own order (for a ticket's order_id), or undefined. */
export async function findOwnOrder(db: Database, userId: number, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

/** Inserts a ticket; undefined when the number is already taken (the caller draws another). */
export async function insertTicket(
  db: Database,
  values: { number: string; userId: number; orderId: number | null; subject: string; priority: TicketPriority },
): Promise<TicketRow | undefined> {
  const [row] = await db.insert(supportTickets).values(values).onConflictDoNothing({ target: supportTickets.number }).returning();
  return row;
}

export interface NewAttachment {
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

/** Adds a message (and its attachment) to a ticket; answers the message id. */
export async function insertMessage(
  db: Database,
  ticket: Pick<TicketRow, 'id' | 'userId'>,
  author: TicketAuthor,
  body: string,
  attachment?: NewAttachment,
): Promise<number> {
  const [message] = await db
    .insert(supportTicketMessages)
    .values({ ticketId: ticket.id, author, body })
    .returning({ id: supportTicketMessages.id });
  if (attachment) await db.insert(supportAttachments).values({ messageId: message!.id, userId: ticket.userId, ...attachment });
  return message!.id;
}

/** Sets the status and moves updated_at to now. */
export async function setTicketStatus(db: Database, ticketId: number, status: TicketStatus): Promise<void> {
  await db
    .update(supportTickets)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(supportTickets.id, ticketId));
}

/**
 * A ticket by number, for its owner only when `userId` is given (the operator passes none).
 * `lock` takes the row (FOR UPDATE) so concurrent replies and closing are serialised.
 */
export async function findTicket(
  db: Database,
  number: string,
  options: { userId?: number; lock?: boolean } = {},
): Promise<TicketRow | undefined> {
  const where = and(
    eq(supportTickets.number, number),
    options.userId === undefined ? undefined : eq(supportTickets.userId, options.userId),
  );
  const query = db.select().from(supportTickets).where(where);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function listTickets(
  db: Database,
  userId: number,
  status: TicketStatus | undefined,
  page: number,
  perPage: number,
): Promise<{ data: TicketSummary[]; meta: { current_page: number; last_page: number; per_page: number; total: number } }> {
  const where = and(eq(supportTickets.userId, userId), status ? eq(supportTickets.status, status) : undefined);
  const last = (column: 'body' | 'author') =>
    sql<string>`(SELECT ${sql.raw(column === 'body' ? 'left(m.body, 400)' : 'm.author')} FROM support_ticket_messages m
      WHERE m.ticket_id = ${supportTickets.id} ORDER BY m.id DESC LIMIT 1)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ticket: supportTickets,
        order: { id: orders.id, number: orders.number },
        lastBody: last('body'),
        lastAuthor: last('author'),
      })
      .from(supportTickets)
      .leftJoin(orders, eq(orders.id, supportTickets.orderId))
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map(({ ticket: t, order, lastBody, lastAuthor }) => ({
      ticket_number: t.number,
      subject: t.subject,
      status: t.status,
      priority: t.priority,
      order: order?.id ? { id: order.id, number: order.number } : null,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
      last_message_excerpt: excerpt(lastBody ?? ''),
      last_message_author: lastAuthor === 'support' ? 'support' : 'customer',
    })),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(n / perPage)), per_page: perPage, total: n },
  };
}

/** The whole ticket with its thread (oldest first) as the API answers it. */
export async function ticketDetails(db: Database, ticket: TicketRow): Promise<TicketDetails> {
  const [order, messages] = await Promise.all([
    ticket.orderId
      ? db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.id, ticket.orderId))
      : Promise.resolve([]),
    db.select().from(supportTicketMessages).where(eq(supportTicketMessages.ticketId, ticket.id)).orderBy(supportTicketMessages.id),
  ]);
  const files = messages.length
    ? await db
        .select()
        .from(supportAttachments)
        .where(
          inArray(
            supportAttachments.messageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(supportAttachments.id)
    : [];
  const byMessage = new Map<number, TicketAttachment>();
  for (const f of files) {
    if (byMessage.has(f.messageId)) continue;
    byMessage.set(f.messageId, {
      id: f.id,
      url: attachmentUrl(ticket.number, f.id),
      name: f.originalName,
      mime_type: f.mimeType as TicketAttachment['mime_type'],
      size: f.sizeBytes,
    });
  }
  return {
    ticket_number: ticket.number,
    subject: ticket.subject,
    status: ticket.status,
    priority: ticket.priority,
    order: order[0] ?? null,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
    can_reply: ticket.status !== 'closed',
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      created_at: m.createdAt.toISOString(),
      attachment: byMessage.get(m.id) ?? null,
    })),
  };
}

/** An attachment of the user's own ticket, or undefined (another user's, unknown, wrong ticket). */
export async function findOwnAttachment(db: Database, userId: number, ticketNumber: string, attachmentId: number) {
  const [row] = await db
    .select({ storageKey: supportAttachments.storageKey, name: supportAttachments.originalName, mimeType: supportAttachments.mimeType })
    .from(supportAttachments)
    .innerJoin(supportTicketMessages, eq(supportTicketMessages.id, supportAttachments.messageId))
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketMessages.ticketId))
    .where(and(eq(supportAttachments.id, attachmentId), eq(supportTickets.number, ticketNumber), eq(supportTickets.userId, userId)));
  return row;
}
