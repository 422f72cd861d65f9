/**
 * Notifications and Web Push plumbing (issue #6, ADR 009):
 * - `app.push.vapid`: the VAPID key pair (env, else generated once and kept in settings);
 * - this app's notifications (app.notifier) become push jobs (services/push-queue.ts: this app's
 *   queue, which nudges this app's worker) and this app's committed order status changes
 *   (app.orderStatusEvents) notify their shopper through app.notifier (services/push-triggers.ts);
 * - `app.push.worker` works the queue in this process when PUSH_WORKER is on (started when the
 *   server is ready, stopped — after finishing what it claimed — when it closes);
 *   `app.push.runDue({ now })` runs one pass by hand (tests reach it through
 *   services/push-worker.ts#pushWorkerFor(db), the app being encapsulated).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Env } from '#server/env.ts';
import { PushQueue } from '#server/services/push-queue.ts';
import { notifyOrderStatusChanges } from '#server/services/push-triggers.ts';
import { loadVapidKeys, type VapidKeys } from '#server/services/push-vapid.ts';
import { PushWorker, type RunSummary } from '#server/services/push-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      vapid: VapidKeys;
      worker: PushWorker;
      runDue(options?: { now?: Date }): Promise<RunSummary>;
    };
  }
}

export default fp<{ env: Env }>(async function pushPlugin(app: FastifyInstance, { env }) {
  const vapid = await loadVapidKeys(app.db, env);
  const queue = new PushQueue(app.notifier);
  const worker = new PushWorker({ db: app.db, vapid, log: app.log, pollSeconds: env.PUSH_POLL_SECONDS, queue });
  app.decorate('push', { vapid, worker, runDue: (options?: { now?: Date }) => worker.runDue(options) });

  const offQueue = queue.install();
  const offOrders = notifyOrderStatusChanges(app.orderStatusEvents, app.notifier, app.db, app.log);
  if (env.PUSH_WORKER) app.addHook('onReady', async () => worker.start());
  // Closing runs in reverse order of registration: this goes before the database closes.
  app.addHook('onClose', async () => {
    offOrders();
    offQueue();
    await worker.stop();
  });
});
