/**
 * The push queue's entrance (issue #6, ADR 009): every notification (services/notify.ts) becomes
 * one push_jobs row per device of its user — when the user consented to its topic (issue 37 §4) — written with the caller's database or transaction —
 * so the jobs commit with the notification — and the payload already rendered in each device's
 * language. The workers of the queue's app (services/push-worker.ts) are then nudged; workers in
 * other processes find the jobs at their next look.
 *
 * `PushQueue` is one app's: it listens to that app's Notifier (app.notifier) and nudges that app's
 * worker only, so two apps in one process (tests) neither queue a job twice nor wake each other.
 * The operator command (scripts/ops/ops.ts, a process without an app) installs one on its own
 * notifier: its notifications become jobs, which the server's workers send.
 */
import type { Database } from '#server/db/client.ts';
import { SUPPORTED_LOCALES, type Locale } from '#contract/constants.ts';
import { PUSH_BADGE, PUSH_ICON, type PushPayload } from '#contract/engagement.ts';
import { PUSH_TOPIC_OF_KIND } from '#contract/push-consent-topics.ts';
import { enqueuePushJobs } from '#server/repositories/push-repository.ts';
import { renderNotification } from '#server/lib/notification-text.ts';
import type { NewNotification, Notifier } from './notify.ts';

/** Body text is cut here: a push payload must stay well under the 4 KB the services accept. */
const MAX_BODY = 240;

export function pushPayload(
  locale: Locale,
  notificationId: number | null,
  notification: Pick<NewNotification, 'kind' | 'params' | 'url'>,
): PushPayload {
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

/** Turns one Notifier's notifications into push jobs and tells the workers listening here. */
export class PushQueue {
  private readonly nudges = new Set<Nudge>();
  private installs = 0;
  private uninstall: (() => void) | null = null;

  constructor(private readonly notifier: Notifier) {}

  /** Workers of this queue's app register here to hear about new jobs; answers the unsubscribe function. */
  onQueued(nudge: Nudge): () => void {
    this.nudges.add(nudge);
    return () => this.nudges.delete(nudge);
  }

  /** Starts turning the notifier's notifications into push jobs; answers the function that stops it (counted). */
  install(): () => void {
    this.installs += 1;
    if (!this.uninstall)
      this.uninstall = this.notifier.onNotified((db, notificationId, notification) => this.enqueue(db, notificationId, notification));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.installs -= 1;
      if (this.installs === 0 && this.uninstall) {
        this.uninstall();
        this.uninstall = null;
      }
    };
  }

  private async enqueue(db: Database, notificationId: number, notification: NewNotification) {
    const payloads = Object.fromEntries(
      SUPPORTED_LOCALES.map((locale) => [locale, pushPayload(locale, notificationId, notification)]),
    ) as Record<Locale, PushPayload>;
    const ids = await enqueuePushJobs(db, notification.userId, notificationId, PUSH_TOPIC_OF_KIND[notification.kind], payloads);
    if (ids.length) for (const nudge of this.nudges) nudge();
  }
}
