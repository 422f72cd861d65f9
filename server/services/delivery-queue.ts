/**
 * Code delivery leaves the request (issue 14, ADR 020). `send-otp`, reset, sign-up and the other
 * code routes only QUEUE the message (one INSERT into message_deliveries); a worker in every
 * instance sends it through the gateway (SMS, SMTP, or the development outbox), like the push queue:
 *
 * - claims due rows with FOR UPDATE SKIP LOCKED (instances never send one message twice), holding
 *   them 60 s (a crashed instance's claim runs out and another takes the row);
 * - a failure is retried after 10 s, 30 s, 2 min, 10 min, 30 min; after the 6th try, or at once for
 *   a channel with no gateway, the row is `failed` (logged with the masked recipient);
 * - the body (it holds the code) is emptied once the row is sent or failed; finished rows go after a day.
 *
 * So a registered phone and an unknown one answer in the same time: no gateway round trip happens
 * inside any request.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { MessageChannel } from '../db/schema.ts';
import { DeliveryUnavailable, maskRecipient, type MessageSender, type OutgoingMessage } from './message-delivery.ts';

export const DELIVERY_BACKOFF_SECONDS = [10, 30, 120, 600, 1800] as const;
export const DELIVERY_MAX_ATTEMPTS = DELIVERY_BACKOFF_SECONDS.length + 1;
const CLAIM_SECONDS = 60;
const BATCH = 20;

interface Claimed extends Record<string, unknown> {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function enqueueDelivery(db: Database, message: { channel: MessageChannel; recipient: string; body: string; subject?: string }) {
  await db.execute(sql`
    INSERT INTO message_deliveries (channel, recipient, subject, body)
    VALUES (${message.channel}, ${message.recipient}, ${message.subject ?? null}, ${message.body})`);
}

export interface DeliverySummary {
  sent: number;
  retried: number;
  failed: number;
}

/** Workers by database (two apps may share one handle in tests). */
const workers = new Map<Database, DeliveryWorker[]>();

/** A worker of an app on `db` (tests run a pass by hand with it). */
export function deliveryWorkerFor(db: Database): DeliveryWorker {
  const worker = workers.get(db)?.[0];
  if (!worker) throw new Error('no delivery worker for this database');
  return worker;
}

export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private nudgeTimer: NodeJS.Timeout | null = null;
  private running: Promise<DeliverySummary> | null = null;
  private stopped = true;
  private lastPrune = 0;

  constructor(private readonly options: { db: Database; sender: MessageSender; log: FastifyBaseLogger; pollSeconds: number }) {
    workers.set(options.db, [...(workers.get(options.db) ?? []), this]);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.nudge();
    this.timer = setInterval(() => void this.tick(), this.options.pollSeconds * 1000);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.nudgeTimer) clearTimeout(this.nudgeTimer);
    this.timer = this.nudgeTimer = null;
    await this.running?.catch(() => undefined);
    const left = (workers.get(this.options.db) ?? []).filter((w) => w !== this);
    if (left.length) workers.set(this.options.db, left);
    else workers.delete(this.options.db);
  }

  /**
   * A message was queued: look in 50 ms — after the queuing request has answered, so its own
   * time never includes the worker's pass (measured: 5 ms made a registered phone's send-otp
   * ~100 ms slower than an unknown one's on PGlite; 50 ms, the same within a few ms).
   */
  nudge() {
    if (this.stopped || this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = null;
      void this.tick();
    }, 50);
    this.nudgeTimer.unref();
  }

  private async tick() {
    if (this.stopped) return;
    try {
      await this.runDue();
      if (Date.now() - this.lastPrune > 3_600_000) {
        this.lastPrune = Date.now();
        await this.options.db.execute(sql`DELETE FROM message_deliveries WHERE status <> 'pending' AND created_at < now() - interval '1 day'`);
      }
    } catch (err) {
      this.options.log.warn({ err }, 'delivery queue pass failed');
    }
  }

  /** One pass over the due messages at `now` (default: the real clock); passes never overlap. */
  runDue(opts: { now?: Date } = {}): Promise<DeliverySummary> {
    const previous = this.running;
    const pass = (async () => {
      if (previous) await previous.catch(() => undefined);
      return this.pass(opts.now);
    })();
    const tracked = pass.finally(() => {
      if (this.running === tracked) this.running = null;
    });
    this.running = tracked;
    return tracked;
  }

  private async pass(fixedNow: Date | undefined): Promise<DeliverySummary> {
    const { db, sender, log } = this.options;
    // The database's clock, not this process's: a message queued in the same millisecond as a
    // JS Date (microseconds in PostgreSQL) would otherwise not be due yet. Tests may fix the time.
    const now = fixedNow ? sql`${fixedNow}::timestamptz` : sql`clock_timestamp()`;
    const summary: DeliverySummary = { sent: 0, retried: 0, failed: 0 };
    for (let round = 0; round < 50; round += 1) {
      const claimed = rowsOf<Claimed>(
        await db.execute(sql`
          UPDATE message_deliveries SET locked_until = ${now} + ${CLAIM_SECONDS} * interval '1 second', attempts = attempts + 1
           WHERE id IN (SELECT id FROM message_deliveries
                         WHERE status = 'pending' AND next_attempt_at <= ${now}
                           AND (locked_until IS NULL OR locked_until < ${now})
                         ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, channel, recipient, subject, body, attempts`),
      );
      if (!claimed.length) break;
      // UPDATE … RETURNING gives no order: send in queue order (a resent code goes after the old one).
      claimed.sort((a, b) => Number(a.id) - Number(b.id));
      for (const row of claimed) {
        const to = maskRecipient(row.channel, row.recipient);
        try {
          const options: OutgoingMessage = row.subject ? { subject: row.subject } : {};
          await sender.send(row.channel, row.recipient, row.body, options);
          await db.execute(sql`UPDATE message_deliveries SET status = 'sent', body = '', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${row.id}`);
          summary.sent += 1;
        } catch (error) {
          const reason = error instanceof DeliveryUnavailable ? 'no gateway for this channel' : ((error as Error).message ?? 'error').slice(0, 200);
          const attempts = Number(row.attempts);
          if (error instanceof DeliveryUnavailable || attempts >= DELIVERY_MAX_ATTEMPTS) {
            await db.execute(sql`UPDATE message_deliveries SET status = 'failed', body = '', locked_until = NULL, last_error = ${reason} WHERE id = ${row.id}`);
            log.error({ channel: row.channel, to, attempts, reason }, 'code delivery failed for good');
            summary.failed += 1;
          } else {
            const wait = DELIVERY_BACKOFF_SECONDS[attempts - 1] ?? DELIVERY_BACKOFF_SECONDS[DELIVERY_BACKOFF_SECONDS.length - 1];
            await db.execute(sql`
              UPDATE message_deliveries SET next_attempt_at = ${now} + ${wait} * interval '1 second', locked_until = NULL, last_error = ${reason}
               WHERE id = ${row.id}`);
            log.warn({ channel: row.channel, to, attempts, retryInSeconds: wait, reason }, 'code delivery failed, will retry');
            summary.retried += 1;
          }
        }
      }
      if (claimed.length < BATCH) break;
    }
    return summary;
  }
}

/** What the routes use as their sender: queues the message and nudges the worker. */
export function queuedSender(db: Database, worker: DeliveryWorker): MessageSender {
  return {
    async send(channel, recipient, body, options) {
      await enqueueDelivery(db, { channel, recipient, body, subject: options?.subject });
      worker.nudge();
    },
  };
}
