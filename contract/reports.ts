/**
 * Reports of illegal or harmful content (issue 37, DSA art. 16–17, ADR 033): the one schema of the
 * report form, used by the server (POST /reports) and by the client's modal alike.
 *
 * - Anyone may report, signed in or not; limits per address and per account (server/services/limits.ts).
 * - Answer 201 with a reference ("R-" + 8 Crockford base32 characters) that names the report in
 *   every message and in the operator's commands.
 * - Texts are plain text (cleaned like support messages), rendered as text, never as HTML.
 */
import { z } from 'zod';
import { id } from './ids.ts';
import { line, lines } from './text.ts';
import { envelope } from './envelope.ts';
import { cleanLine, cleanText } from './support.ts';

export const REPORT_TARGET_TYPES = ['product', 'shop', 'review'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['illegal', 'dangerous', 'misleading', 'prohibited', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DECISIONS = ['remove', 'restrict', 'keep'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export const REPORT_EXPLANATION_MIN = 10;
export const REPORT_EXPLANATION_MAX = 3000;
export const REPORT_NAME_MAX = 100;
/** "R-" + 8 Crockford base32 characters (no I, L, O, U). */
export const REPORT_REFERENCE_PATTERN = /^R-[0-9A-HJKMNP-TV-Z]{8}$/;

/** POST /reports */
export const createReportSchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { message: 'voice.report_target_invalid' }),
  target_id: id,
  reason: z.enum(REPORT_REASONS, { message: 'voice.report_reason_required' }),
  explanation: lines({ message: 'voice.report_explanation_required' })
    .overwrite(cleanText)
    .min(1, { message: 'voice.report_explanation_required', abort: true })
    .min(REPORT_EXPLANATION_MIN, 'voice.report_explanation_min')
    .max(REPORT_EXPLANATION_MAX, 'voice.report_explanation_max'),
  name: line({ message: 'voice.report_name_required' })
    .overwrite(cleanLine)
    .min(2, { message: 'voice.report_name_required' })
    .max(REPORT_NAME_MAX, 'voice.report_name_max'),
  email: line({ message: 'validation.email_invalid' }).trim().max(190, 'validation.email_invalid').email('validation.email_invalid'),
  good_faith: z.literal(true, { message: 'voice.report_good_faith_required' }),
});
export type CreateReportPayload = z.input<typeof createReportSchema>;

export const createReportResponseSchema = envelope(z.object({ report: z.object({ reference: z.string(), created_at: z.string() }) }));
export type CreateReportResponse = z.infer<typeof createReportResponseSchema>;
