/**
 * What the shopper keeps on a durable medium (issue 36, ADR 032; OUG 34/2014 art. 6–7, 11a of
 * Directive 2023/2673): the order confirmation and every step of a withdrawal, each as an in-app
 * notification (and its pushes) and as an e-mail — or an SMS when the shopper has no e-mail —
 * through the message delivery queue (services/delivery-queue.ts: the development outbox, SMTP or
 * the SMS gateway).
 *
 * Called after the change COMMITTED; never throws (the order or withdrawal is done whatever
 * happens here), a failure is logged. Texts are catalogue keys rendered in the request's language
 * (the operator command: Romanian).
 */
import type { Database } from '#server/db/client.ts';
import type { Locale } from '#contract/constants.ts';
import type { OrderDetails } from '#contract/orders.ts';
import { LEGAL_GUARANTEE_YEARS, WITHDRAWAL_DAYS } from '#contract/withdrawals.ts';
import { formatMoney } from '#contract/format-money.ts';
import { translate, type TranslateVars } from '#server/lib/i18n.ts';
import { formatRomanianDateTime } from '#server/lib/withdrawal-rules.ts';
import { findUserById } from '#server/repositories/user-repository.ts';
import type { MessageSender } from './message-delivery.ts';
import type { Notifier } from './notify.ts';
import { orderUrl } from './push-triggers.ts';
import type { WithdrawalChanged } from './withdrawal-service.ts';

interface Log {
  warn(obj: unknown, msg: string): void;
}

const LEI = { symbol: 'lei', position: 'suffix' } as const;
const lei = (amount: number) => formatMoney(amount, LEI);

/** The app's page of the model withdrawal form (OUG 34/2014 annex 2). */
export const WITHDRAWAL_FORM_PATH = '/withdrawal-form';

export interface NoticeContext {
  db: Database;
  sender: MessageSender;
  notifier: Notifier;
  locale: Locale;
  /** The app's origin for links (https://talcioc.ro), or null when unknown (the operator command). */
  origin: string | null;
  log: Log;
}

/** Sends `text` to the shopper: by e-mail when they have one, else by SMS to their phone. */
async function sendToShopper(ctx: NoticeContext, userId: number, subject: string, email: string, sms: string) {
  const user = await findUserById(ctx.db, userId);
  if (user?.email) await ctx.sender.send('email', user.email, email, { subject });
  else if (user?.phone) await ctx.sender.send('sms', user.phone, sms);
}

/** The order confirmation's text, per shop: what was bought from whom, prices, terms (plain text). */
export function orderConfirmationText(ctx: Pick<NoticeContext, 'locale' | 'origin'>, name: string, orders: readonly OrderDetails[]) {
  const t = (key: string, vars?: TranslateVars) => translate(ctx.locale, key, vars);
  const url = (path: string) => (ctx.origin ? `${ctx.origin}${path}` : path);
  const at = formatRomanianDateTime(new Date(orders[0]!.created_at));
  const blocks = orders.map((o) =>
    [
      t('withdrawal.mail.order_header', { number: o.number, shop: o.shop.name }),
      ...o.items.map((i) =>
        t('withdrawal.mail.item_line', {
          name: [i.name, i.size, i.color].filter(Boolean).join(', '),
          quantity: i.quantity,
          amount: lei(i.line_total),
        }),
      ),
      t('withdrawal.mail.delivery_line', { amount: lei(o.delivery_charge) }),
      ...(o.coupon_discount > 0 ? [t('withdrawal.mail.coupon_line', { amount: lei(o.coupon_discount) })] : []),
      t('withdrawal.mail.total_line', { amount: lei(o.payable_amount), vat: lei(o.order_tax_amount) }),
      t('withdrawal.mail.payment_line', { method: t(`checkout.payment_${o.payment_method}`) }),
      t('withdrawal.mail.order_link', { url: url(orderUrl(o.id)) }),
    ].join('\n'),
  );
  const terms = [
    t('withdrawal.terms.withdrawal', { days: WITHDRAWAL_DAYS }),
    t('withdrawal.mail.form_link', { url: url(WITHDRAWAL_FORM_PATH) }),
    t('withdrawal.terms.guarantee', { years: LEGAL_GUARANTEE_YEARS }),
  ];
  const numbers = orders.map((o) => o.number).join(', ');
  return {
    subject: t('withdrawal.mail.order_subject', { numbers }),
    email: [t('withdrawal.mail.order_intro', { name, date: at }), ...blocks, ...terms].join('\n\n'),
    sms: t('withdrawal.sms.order', {
      numbers,
      total: lei(orders.reduce((sum, o) => sum + o.payable_amount, 0)),
      days: WITHDRAWAL_DAYS,
      url: url(orders.length === 1 ? orderUrl(orders[0]!.id) : '/order-history'),
      form: url(WITHDRAWAL_FORM_PATH),
    }),
  };
}

/** After orders committed: one notification per order and one message with all of them. */
export async function confirmOrders(ctx: NoticeContext, userId: number, orders: readonly OrderDetails[]) {
  if (!orders.length) return;
  try {
    for (const o of orders) {
      await ctx.notifier.notify(ctx.db, {
        userId,
        kind: 'order_placed',
        params: { order_number: o.number, shop: o.shop.name, total: o.payable_amount },
        url: orderUrl(o.id),
      });
    }
    const user = await findUserById(ctx.db, userId);
    const text = orderConfirmationText(ctx, user?.name ?? '', orders);
    await sendToShopper(ctx, userId, text.subject, text.email, text.sms);
  } catch (err) {
    ctx.log.warn({ err, userId }, 'order confirmation could not be sent');
  }
}

/** The text telling the shopper of a withdrawal's step (its acknowledgement with date and time first). */
export function withdrawalText(ctx: Pick<NoticeContext, 'locale' | 'origin'>, change: WithdrawalChanged, items: string[]) {
  const t = (key: string, vars?: TranslateVars) => translate(ctx.locale, key, vars);
  const vars = {
    number: change.orderNumber,
    at: formatRomanianDateTime(change.at),
    tracking: change.returnTracking ?? '',
    amount: lei(change.refundAmount),
    due: formatRomanianDateTime(change.refundDueAt),
    url: ctx.origin ? `${ctx.origin}${orderUrl(change.orderId)}` : orderUrl(change.orderId),
  };
  const body = t(`withdrawal.mail.status_${change.status}`, vars);
  const extra =
    change.status === 'requested'
      ? [
          ...items,
          t(change.beforeShipping ? 'withdrawal.mail.nothing_to_send' : 'withdrawal.mail.send_back', { days: WITHDRAWAL_DAYS }),
          t(change.refundAmount > 0 ? 'withdrawal.mail.refund_due' : 'withdrawal.mail.nothing_paid', vars),
        ]
      : [];
  return {
    subject: t('withdrawal.mail.subject', vars),
    email: [body, ...extra, t('withdrawal.mail.order_link', vars)].join('\n\n'),
    sms: `${body} ${vars.url}`,
  };
}

/** After a withdrawal was made or moved (committed): the notification and the message. */
export async function tellWithdrawal(
  ctx: NoticeContext,
  change: WithdrawalChanged,
  itemLines: { name: string; quantity: number; amount: number }[] = [],
) {
  try {
    await ctx.notifier.notify(ctx.db, {
      userId: change.userId,
      kind: 'withdrawal',
      params: {
        order_number: change.orderNumber,
        status: change.status,
        at: change.at.toISOString(),
        tracking: change.returnTracking,
        refund_amount: change.refundAmount,
        refund_due_at: change.refundDueAt.toISOString(),
      },
      url: orderUrl(change.orderId),
    });
    const items = itemLines.map((i) =>
      translate(ctx.locale, 'withdrawal.mail.item_line', { name: i.name, quantity: i.quantity, amount: lei(i.amount) }),
    );
    const text = withdrawalText(ctx, change, items);
    await sendToShopper(ctx, change.userId, text.subject, text.email, text.sms);
  } catch (err) {
    ctx.log.warn({ err, withdrawalId: change.withdrawalId }, 'withdrawal notice could not be sent');
  }
}
