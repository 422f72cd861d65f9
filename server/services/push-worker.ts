/**
 * Works the push queue (push_jobs, ADR 009): claims due jobs, sends each with web-push
 * (services/push-sender.ts) and records the outcome.
 *
 * - Delivered (2xx): `sent`.
 * - 404 / 410 from the push service: the subscription is gone — it is deleted (its jobs with it).
 * - 429, 5xx, no answer: another try after 30 s, 2 min, 10 min, 1 h, 6 h (or the service's
 *   Retry-After when longer), then `failed`.
 * - Other 4xx (a refused payload or VAPID signature), keys that cannot be encrypted for, or a
 *   session that ended after the job was queued: `failed` at once (retrying cannot help).
 *
 * Runs every PUSH_POLL_SECONDS and right after its app's push queue queued jobs. Claims hold for
 * LOCK_SECONDS: a job claimed by a process that died is taken again once its lock runs out, and
 * a job still pending when the server stopped is sent by the next one. `runDue({ now })` is one
 * pass with an injectable clock (tests).
 */
import type { Database } from '#server/db/client.ts';
import {
  claimDueJobs,
  deleteSubscriptionById,
  markJobFailed,
  markJobSent,
  pruneEndedSessionSubscriptions,
  pruneFinishedJobs,
  type ClaimedJob,
} from '#server/repositories/push-repository.ts';
import { DEFAULT_SEND_OPTIONS, sendPush, type PushResult, type PushSendOptions } from './push-sender.ts';
import type { VapidKeys } from './push-vapid.ts';
import type { PushQueue } from './push-queue.ts';

/** Waits before the 1st, 2nd, … retry, in seconds. After the last one the job fails. */
export const RETRY_BACKOFF_SECONDS = [30, 120, 600, 3600, 6 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_BACKOFF_SECONDS.length + 1;
export const LOCK_SECONDS = 60;
const BATCH = 50;
/** At most this many batches per pass, so one pass never runs unbounded. */
const MAX_BATCHES = 20;
const KEEP_FINISHED_DAYS = 7;

export interface PushWorkerLog {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

export interface PushWorkerOptions {
  db: Database;
  vapid: VapidKeys;
  log: PushWorkerLog;
  pollSeconds: number;
  /** The push queue of this worker's app: its new jobs nudge the worker (the poll remains the backstop). */
  queue: Pick<PushQueue, 'onQueued'>;
  send?: PushSendOptions;
}

export interface RunSummary {
  sent: number;
  retried: number;
  failed: number;
  gone: number;
}

/** Next try after attempt number `attempts` (1-based) failed, or null when that was the last. */
export function nextAttemptAt(attempts: number, now: Date, retryAfterSeconds?: number): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const wait = Math.max(RETRY_BACKOFF_SECONDS[attempts - 1]!, retryAfterSeconds ?? 0);
  return new Date(now.getTime() + wait * 1000);
}

const isTransient = (result: Extract<PushResult, { ok: false }>) => result.status === 0 || result.status === 429 || result.status >= 500;

const workers = new Map<Database, PushWorker[]>();

/** The (first) worker of this process working `db`: tests reach an app's worker through its database. */
export function pushWorkerFor(db: Database): PushWorker | undefined {
  return workers.get(db)?.[0];
}

export class PushWorker {
  private timer: NodeJS.Timeout | null = null;
  private nudgeTimer: NodeJS.Timeout | null = null;
  private running: Promise<RunSummary> | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private offQueued: (() => void) | null = null;
  private lastPrune = 0;

  constructor(private readonly options: PushWorkerOptions) {
    workers.set(options.db, [...(workers.get(options.db) ?? []), this]);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.offQueued = this.options.queue.onQueued(() => this.nudge());
    // Jobs left from before a restart go out now, not after the first interval.
    this.nudge();
    this.timer = setInterval(() => void this.tick(), this.options.pollSeconds * 1000);
    this.timer.unref();
  }

  /** Stops polling and waits for a pass in progress (its claims are finished, none left locked). */
  async stop() {
    this.stopped = true;
    this.offQueued?.();
    this.offQueued = null;
    if (this.timer) clearInterval(this.timer);
    if (this.nudgeTimer) clearTimeout(this.nudgeTimer);
    this.timer = this.nudgeTimer = null;
    await this.ticking?.catch(() => undefined);
    await this.running?.catch(() => undefined);
    const left = (workers.get(this.options.db) ?? []).filter((w) => w !== this);
    if (left.length) workers.set(this.options.db, left);
    else workers.delete(this.options.db);
  }

  /**
   * Jobs were queued: look soon. The queuing transaction may not have committed yet, so look
   * again a moment later too (the regular poll remains the backstop).
   */
  nudge() {
    if (this.stopped) return;
    if (this.nudgeTimer) clearTimeout(this.nudgeTimer);
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = null;
      void this.tick().then(() => {
        if (!this.stopped && !this.nudgeTimer) {
          this.nudgeTimer = setTimeout(() => {
            this.nudgeTimer = null;
            void this.tick();
          }, 500);
          this.nudgeTimer.unref();
        }
      });
    }, 20);
    this.nudgeTimer.unref();
  }

  private tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    const ticking = this.tickOnce().finally(() => {
      this.ticking = null;
    });
    this.ticking = ticking;
    return ticking;
  }

  private async tickOnce() {
    try {
      await this.runDue();
      if (!this.stopped && Date.now() - this.lastPrune > 3_600_000) {
        this.lastPrune = Date.now();
        await pruneFinishedJobs(this.options.db, KEEP_FINISHED_DAYS);
        await pruneEndedSessionSubscriptions(this.options.db);
      }
    } catch (err) {
      this.options.log.warn({ err }, 'push queue pass failed');
    }
    if (this.again && !this.stopped) {
      this.again = false;
      await this.tickOnce();
    }
  }

  /** One pass over the due jobs at `now` (default: the real clock). */
  runDue(opts: { now?: Date } = {}): Promise<RunSummary> {
    const pass = (async () => {
      if (this.running) await this.running.catch(() => undefined);
      return this.pass(opts.now);
    })();
    const tracked = pass.finally(() => {
      if (this.running === tracked) this.running = null;
    });
    this.running = tracked;
    return tracked;
  }

  private async pass(fixedNow?: Date): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retried: 0, failed: 0, gone: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const jobs = await claimDueJobs(this.options.db, fixedNow ?? null, BATCH, LOCK_SECONDS);
      if (!jobs.length) break;
      await Promise.all(jobs.map((job) => this.deliver(job, fixedNow, summary)));
      if (jobs.length < BATCH) break;
    }
    return summary;
  }

  private async deliver(job: ClaimedJob, fixedNow: Date | undefined, summary: RunSummary) {
    const { db, vapid, log } = this.options;
    if (job.sessionEnded) {
      await markJobFailed(db, job, 'the session of this device ended', null, fixedNow ?? new Date());
      summary.failed += 1;
      return;
    }
    const result = await sendPush(job, JSON.stringify(job.payload), vapid, this.options.send ?? DEFAULT_SEND_OPTIONS);
    const now = fixedNow ?? new Date();
    if (result.ok) {
      await markJobSent(db, job, now);
      summary.sent += 1;
      return;
    }
    if (result.status === 404 || result.status === 410) {
      await deleteSubscriptionById(db, job.subscriptionId);
      log.info({ job: job.id, subscription: job.subscriptionId, status: result.status }, 'push subscription gone: deleted');
      summary.gone += 1;
      return;
    }
    const attempts = job.attempts + 1;
    const next = isTransient(result) ? nextAttemptAt(attempts, now, result.retryAfter) : null;
    await markJobFailed(db, job, result.error, next, now);
    if (next) summary.retried += 1;
    else summary.failed += 1;
    log.warn(
      { job: job.id, status: result.status, attempts, retry_at: next?.toISOString() ?? null, error: result.error },
      'push not delivered',
    );
  }
}
