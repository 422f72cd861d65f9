/**
 * The app's one outbox (docs/offline.md): queued cart and favourite changes, durable in
 * IndexedDB, sent once and in order by one sender. Features register their kinds
 * (`outbox.registerKind`) and queue changes (`outbox.enqueue`); the app sets who is signed in.
 */
import { connectivity } from '../connectivity.ts';
import { notifyUnauthorized } from '../api-client.ts';
import { createOutbox } from './outbox.ts';

export const outbox = createOutbox({ connectivity, onUnauthorized: notifyUnauthorized });

export { useOutboxCount, useOutboxPending, type Outbox, type OutboxIdentity } from './outbox.ts';
export type { OutboxEntry, OutboxNotice } from './outbox-types.ts';
