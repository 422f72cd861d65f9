/**
 * The push queue's entrance (issue #6, ADR 009): every notification (services/notify.ts) becomes
 * one push_jobs row per device of its user, written with the caller's database or transaction —
 * so the jobs commit with the notification — and the payload already rendered in each device's
 * language. Workers (services/push-worker.ts) in this process are then nudged; workers in other
 * processes find the jobs at their next look.
 *
 * `installPushQueue()` is counted: the server and the operator command both install it, and two
 * apps in one process (tests) do not queue a job twice.
 */
import type { Database } from '../db/client.ts';
import { SUPPORTED_LOCALES, type Locale } from '../../contract/constants.ts';
import { PUSH_BADGE, PUSH_ICON, type PushPayload } from '../../contract/engagement.ts';
import { enqueuePushJobs } from '../repositories/push-repository.ts';
import { renderNotification } from '../lib/notification-text.ts';
import { onNotified, type NewNotification } from './notify.ts';

/** Body text is cut here: a push payload must stay well under the 4 KB the services accept. */
const MAX_BODY = 240;

export function pushPayload(locale: Locale, notificationId: number | null, notification: Pick<NewNotification, 'kind' | 'params' | 'url'>): PushPayload {
  const { title, body } = renderNotification(locale, notification.kind, notification.params);
  return {
    title,
    body: body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body,
    url: notification.url,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    // A newer notification about the same order, ticket or product replaces the older one on the device.
    tag: notification.url,
    notification_id: notificationId,
  };
}

type Nudge = () => void;
const nudges = new Set<Nudge>();

/** Workers of this process register here to hear about new jobs. */
export function onPushQueued(nudge: Nudge): () => void {
  nudges.add(nudge);
  return () => nudges.delete(nudge);
}

async function enqueue(db: Database, notificationId: number, notification: NewNotification) {
  const payloads = Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => [locale, pushPayload(locale, notificationId, notification)]),
  ) as Record<Locale, PushPayload>;
  const ids = await enqueuePushJobs(db, notification.userId, notificationId, payloads);
  if (ids.length) for (const nudge of nudges) nudge();
}

let installs = 0;
let uninstall: (() => void) | null = null;

/** Starts turning notifications into push jobs; answers the function that stops it (counted). */
export function installPushQueue(): () => void {
  installs += 1;
  if (!uninstall) uninstall = onNotified(enqueue);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    installs -= 1;
    if (installs === 0 && uninstall) {
      uninstall();
      uninstall = null;
    }
  };
}
