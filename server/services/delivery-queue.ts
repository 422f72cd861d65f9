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
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import {
  claimDueDeliveries,
  insertDelivery,
  markDeliveryFailed,
  markDeliverySent,
  pruneDeliveries,
  retryDeliveryLater,
} from '#server/repositories/delivery-repository.ts';
import { DeliveryUnavailable, maskRecipient, type MessageChannel, type MessageSender, type OutgoingMessage } from './message-delivery.ts';

export const DELIVERY_BACKOFF_SECONDS = [10, 30, 120, 600, 1800] as const;
export const DELIVERY_MAX_ATTEMPTS = DELIVERY_BACKOFF_SECONDS.length + 1;
const CLAIM_SECONDS = 60;
const BATCH = 20;

export async function enqueueDelivery(
  db: Database,
  message: { channel: MessageChannel; recipient: string; body: string; subject?: string },
) {
  await insertDelivery(db, message);
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
        await pruneDeliveries(this.options.db);
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
    // JS Date (microseconds in PostgreSQL) would otherwise not be due yet. Tests may fix the time
    // (fixedNow; the repository turns it into the statements' clock).
    const summary: DeliverySummary = { sent: 0, retried: 0, failed: 0 };
    for (let round = 0; round < 50; round += 1) {
      const claimed = await claimDueDeliveries(db, fixedNow, BATCH, CLAIM_SECONDS);
      if (!claimed.length) break;
      // UPDATE … RETURNING gives no order: send in queue order (a resent code goes after the old one).
      claimed.sort((a, b) => Number(a.id) - Number(b.id));
      for (const row of claimed) {
        const to = maskRecipient(row.channel, row.recipient);
        try {
          const options: OutgoingMessage = row.subject ? { subject: row.subject } : {};
          await sender.send(row.channel, row.recipient, row.body, options);
          await markDeliverySent(db, row.id);
          summary.sent += 1;
        } catch (error) {
          const reason =
            error instanceof DeliveryUnavailable ? 'no gateway for this channel' : ((error as Error).message ?? 'error').slice(0, 200);
          const attempts = Number(row.attempts);
          if (error instanceof DeliveryUnavailable || attempts >= DELIVERY_MAX_ATTEMPTS) {
            await markDeliveryFailed(db, row.id, reason);
            log.error({ channel: row.channel, to, attempts, reason }, 'code delivery failed for good');
            summary.failed += 1;
          } else {
            const wait = DELIVERY_BACKOFF_SECONDS[attempts - 1] ?? DELIVERY_BACKOFF_SECONDS[DELIVERY_BACKOFF_SECONDS.length - 1];
            await retryDeliveryLater(db, row.id, fixedNow, wait, reason);
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
