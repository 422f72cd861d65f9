/**
 * The text of a notification (issue #6): nothing is stored but `kind` + `params`, rendered here
 * in the reader's language — the in-app list in the request's language
 * (repositories/notification-repository.ts), each push in its device's language
 * (services/push-queue.ts). Pure: no database, so repositories and services both may use it.
 */
import { translate } from './i18n.ts';
import { formatMoney } from '#contract/format-money.ts';
import type { Locale } from '#contract/constants.ts';
import type { NotificationKind } from '#contract/engagement.ts';
import { formatRomanianDateTime } from './withdrawal-rules.ts';

/** The kinds of notification: the contract's list (the notifications.kind column has the same values). */
export type { NotificationKind };
export type NotificationParams = Record<string, string | number | null>;

const LEI = { symbol: 'lei', position: 'suffix' } as const;
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const money = (value: string | number | null | undefined) => formatMoney(Number(value ?? 0), LEI);

/**
 * Title and body of a notification in `locale` (catalogue keys `notification.<kind>.*`). Plain
 * text: the client shows it as text and the service worker's Notification API never parses HTML.
 */
export function renderNotification(locale: Locale, kind: NotificationKind, params: NotificationParams): { title: string; body: string } {
  const t = (key: string, vars: Record<string, string | number>) => translate(locale, key, vars);
  switch (kind) {
    case 'order_status': {
      const vars = { order_number: text(params.order_number), tracking: text(params.tracking) };
      const status = text(params.status);
      const bodyKey =
        status === 'shipped' && vars.tracking
          ? 'notification.order_status.body_shipped_tracking'
          : `notification.order_status.body_${status}`;
      return { title: t('notification.order_status.title', vars), body: t(bodyKey, vars) };
    }
    case 'ticket_reply': {
      const vars = { ticket_number: text(params.ticket_number), subject: text(params.subject) };
      return { title: t('notification.ticket_reply.title', vars), body: t('notification.ticket_reply.body', vars) };
    }
    case 'price_drop': {
      const vars = { name: text(params.name), old_price: money(params.old_price), new_price: money(params.new_price) };
      // Issue 36: a reduction is announced against its prior price (the lowest of the 30 days
      // before), with the percentage off it; notifications written before carry the old price only.
      if (typeof params.prior_price === 'number') {
        const announced = { ...vars, prior_price: money(params.prior_price), percentage: String(params.discount_percentage) };
        return { title: t('notification.price_drop.title', vars), body: t('pricing.notification_body', announced) };
      }
      return { title: t('notification.price_drop.title', vars), body: t('notification.price_drop.body', vars) };
    }
    case 'low_stock': {
      const vars = { name: text(params.name) };
      return { title: t('notification.low_stock.title', vars), body: t('notification.low_stock.body', vars) };
    }
    // Issue 36: the order's confirmation and each step of a withdrawal (with its date and time).
    case 'order_placed': {
      const vars = { number: text(params.order_number), shop: text(params.shop), total: money(params.total) };
      return { title: t('withdrawal.notification.order_placed_title', vars), body: t('withdrawal.notification.order_placed_body', vars) };
    }
    case 'withdrawal': {
      const at = new Date(text(params.at));
      const due = new Date(text(params.refund_due_at));
      const vars = {
        number: text(params.order_number),
        at: Number.isNaN(at.getTime()) ? '' : formatRomanianDateTime(at),
        tracking: text(params.tracking),
        amount: money(params.refund_amount),
        due: Number.isNaN(due.getTime()) ? '' : formatRomanianDateTime(due),
      };
      return { title: t('withdrawal.notification.title', vars), body: t(`withdrawal.mail.status_${text(params.status)}`, vars) };
    }
  }
}
