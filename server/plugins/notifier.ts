/**
 * `app.notifier` (issue #6, ADR 009): this app's notifications and their listeners
 * (services/notify.ts#Notifier). Whatever notifies a shopper on behalf of the app writes through
 * it (order status changes, low stock, the operator's ticket reply over HTTP); the push plugin
 * turns its notifications into push jobs. One per app instance, so apps built side by side in one
 * process (the API tests) never queue pushes for each other's notifications.
 *
 * The app is encapsulated (server/app.ts is not wrapped in fastify-plugin), so tests reach its
 * notifier through its database, `notifierFor(db)`, as they reach its push worker
 * (services/push-worker.ts#pushWorkerFor).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { Notifier } from '#server/services/notify.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

/** The notifiers of the apps open on each database handle, oldest first (two apps may share one handle in tests). */
const byDatabase = new Map<Database, Notifier[]>();

/** The notifier of the newest app still open on `db` (tests: an app's notifier, found through its database). */
export function notifierFor(db: Database): Notifier | undefined {
  return byDatabase.get(db)?.at(-1);
}

export default fp(
  async function notifierPlugin(app: FastifyInstance) {
    const notifier = new Notifier();
    app.decorate('notifier', notifier);
    byDatabase.set(app.db, [...(byDatabase.get(app.db) ?? []), notifier]);
    app.addHook('onClose', async () => {
      const left = (byDatabase.get(app.db) ?? []).filter((n) => n !== notifier);
      if (left.length) byDatabase.set(app.db, left);
      else byDatabase.delete(app.db);
    });
  },
  { name: 'notifier' },
);
