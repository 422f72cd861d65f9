/**
 * Reports of illegal content (issue 37, DSA art. 16–17, ADR 033): taking a notice, and carrying out
 * the operator's decision on it.
 *
 * Notice (art. 16): anyone, signed in or not, names a product, a shop or a review, a reason, an
 * explanation, their name and e-mail and a good-faith statement (contract/reports.ts). Counted per
 * client address (request.ip: TRUST_PROXY decides which X-Forwarded-For hop is believed, so a
 * forged header changes nothing) and per account, in rate_limit_buckets (every instance shares
 * them). The reporter gets a reference at once and an acknowledgement e-mail (message_deliveries,
 * sent by the delivery worker; the development outbox outside production).
 *
 * Decision (art. 17), taken by the operator (`npm run ops -- report:decide`, or the development
 * route in tests), with a statement of reasons:
 *   remove   — product: removed for good (410 "removed"); shop: every listing removed;
 *              review: no longer shown nor counted (the shop's rating is recomputed).
 *   restrict — product: suspended (410 "suspended"); shop: every listing suspended;
 *              review: its text hidden, its stars still count.
 *   keep     — nothing changes.
 * The reporter is told the decision; the shop is told it with the statement of reasons. A listing
 * taken out is no longer active: it leaves lists, search and the catalog index (catalog_changes),
 * and callers clear the response caches of every instance (`catalogChanged`).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import type { CreateReportPayload, ReportDecision, ReportReason, ReportTargetType } from '#contract/reports.ts';
import { REPORT_DECISIONS } from '#contract/reports.ts';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '#contract/constants.ts';
import { fieldError } from '#server/lib/http-error.ts';
import { translate } from '#server/lib/i18n.ts';
import { hideReviewText, removeReview } from '#server/repositories/review-repository.ts';
import {
  findReportTarget,
  insertReport,
  listOpenReports,
  lockReport,
  moderateProducts,
  recordDecision,
  shopContact,
  type ReportRow,
} from '#server/repositories/report-repository.ts';
import { enqueueDelivery } from './delivery-queue.ts';
import { enforceLimit } from './limits.ts';

const HOUR = 3600;
/** Per client address (generous: many phones share one CGNAT address) and per account. */
export const REPORT_LIMITS = {
  ip: { windowSeconds: HOUR, max: 10 },
  user: { windowSeconds: HOUR, max: 10 },
};

/** Crockford base32 (no I, L, O, U): 32 symbols, so a random byte & 31 is unbiased. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "R-" + 8 random Crockford base32 characters (40 bits): says nothing about how many reports exist. */
export function newReportReference(): string {
  let out = 'R-';
  for (const b of randomBytes(8)) out += CROCKFORD[b & 31];
  return out;
}

const asLocale = (value: string): Locale => ((SUPPORTED_LOCALES as readonly string[]).find((l) => l === value) as Locale) ?? DEFAULT_LOCALE;
const reasonText = (locale: Locale, reason: string) => translate(locale, `voice.report_reason_${reason}`);
const targetText = (locale: Locale, type: string, label: string) => translate(locale, `voice.report_target_${type}`, { label });

export async function createReport(
  db: Database,
  report: Omit<CreateReportPayload, 'good_faith'> & { target_type: ReportTargetType; reason: ReportReason },
  who: { ip: string; userId: number | null; locale: Locale },
) {
  await enforceLimit(db, `report:ip:${who.ip}`, REPORT_LIMITS.ip);
  if (who.userId !== null) await enforceLimit(db, `report:user:${who.userId}`, REPORT_LIMITS.user);
  const target = await findReportTarget(db, report.target_type, Number(report.target_id));
  if (!target) throw fieldError('target_id', 'voice.report_target_not_found');
  const email = report.email.toLowerCase();
  const stored = await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const row = await insertReport(tx, {
      reference: newReportReference(),
      targetType: report.target_type,
      targetId: Number(report.target_id),
      shopId: target.shopId,
      reason: report.reason,
      explanation: report.explanation,
      reporterName: report.name,
      reporterEmail: email,
      reporterUserId: who.userId,
      locale: who.locale,
    });
    await enqueueDelivery(tx, {
      channel: 'email',
      recipient: email,
      subject: translate(who.locale, 'voice.mail_ack_subject', { reference: row.reference }),
      body: translate(who.locale, 'voice.mail_ack_body', {
        name: report.name,
        reference: row.reference,
        target: targetText(who.locale, report.target_type, target.label),
        reason: reasonText(who.locale, report.reason),
      }),
    });
    return row;
  });
  return { reference: stored.reference, created_at: stored.createdAt.toISOString() };
}

/** An operator command that cannot be carried out (unknown reference, already decided, bad words). */
export class ReportCommandError extends Error {}

export interface ReportDecisionOutcome {
  reference: string;
  decision: ReportDecision;
  targetType: ReportTargetType;
  targetId: number;
  /** Products taken out of the catalog by it. */
  productsTakenOut: number;
  /** Something lists show changed (a listing, a shop's rating): callers clear every instance's response cache. */
  catalogChanged: boolean;
}

export async function decideReport(
  db: Database,
  reference: string,
  decision: ReportDecision,
  reason: string,
): Promise<ReportDecisionOutcome> {
  const statement = reason.trim();
  if (!(REPORT_DECISIONS as readonly string[]).includes(decision))
    throw new ReportCommandError(`Unknown decision "${decision}". One of: ${REPORT_DECISIONS.join(', ')}.`);
  if (statement.length < 5) throw new ReportCommandError('--reason must state the reasons (at least 5 characters).');
  if (statement.length > 3000) throw new ReportCommandError('--reason is longer than 3000 characters.');
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const report = await lockReport(tx, reference.trim().toUpperCase());
    if (!report) throw new ReportCommandError(`No report ${reference}.`);
    if (report.decision) throw new ReportCommandError(`Report ${report.reference} was already decided: ${report.decision}.`);
    const productsTakenOut = await carryOut(tx, report, decision);
    await recordDecision(tx, report.id, decision, statement);
    await tellDecision(tx, report, decision, statement);
    return {
      reference: report.reference,
      decision,
      targetType: report.targetType,
      targetId: report.targetId,
      productsTakenOut,
      catalogChanged: decision !== 'keep',
    };
  });
}

async function carryOut(tx: Database, report: ReportRow, decision: ReportDecision): Promise<number> {
  if (decision === 'keep') return 0;
  if (report.targetType === 'review') {
    await (decision === 'remove' ? removeReview(tx, report.targetId) : hideReviewText(tx, report.targetId));
    return 0;
  }
  const moderation = decision === 'remove' ? 'removed' : 'suspended';
  const where = report.targetType === 'product' ? { productId: report.targetId } : { shopId: report.targetId };
  return moderateProducts(tx, where, moderation);
}

/** The decision to the reporter (in their language) and, with its statement of reasons, to the shop (in Romanian). */
async function tellDecision(tx: Database, report: ReportRow, decision: ReportDecision, statement: string) {
  const locale = asLocale(report.locale);
  await enqueueDelivery(tx, {
    channel: 'email',
    recipient: report.reporterEmail,
    subject: translate(locale, 'voice.mail_decision_subject', { reference: report.reference }),
    body: translate(locale, 'voice.mail_decision_reporter', {
      name: report.reporterName,
      reference: report.reference,
      decision: translate(locale, `voice.decision_${decision}`),
      reasons: statement,
    }),
  });
  const shop = report.shopId === null ? undefined : await shopContact(tx, report.shopId);
  if (shop?.email) {
    await enqueueDelivery(tx, {
      channel: 'email',
      recipient: shop.email,
      subject: translate(DEFAULT_LOCALE, 'voice.mail_decision_subject', { reference: report.reference }),
      body: translate(DEFAULT_LOCALE, 'voice.mail_decision_shop', {
        shop: shop.name,
        reference: report.reference,
        target: translate(DEFAULT_LOCALE, `voice.report_target_${report.targetType}`, { label: `#${report.targetId}` }),
        reason: reasonText(DEFAULT_LOCALE, report.reason),
        decision: translate(DEFAULT_LOCALE, `voice.decision_${decision}`),
        reasons: statement,
      }),
    });
  }
}

/** Open reports for the operator's list. */
export async function openReports(db: Database) {
  const rows = await listOpenReports(db);
  return rows.map((r) => ({
    reference: r.reference,
    target: `${r.targetType} #${r.targetId}`,
    reason: r.reason,
    reporter: `${r.reporterName} <${r.reporterEmail}>`,
    created_at: r.createdAt.toISOString(),
    explanation: r.explanation,
  }));
}
