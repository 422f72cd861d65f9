import { z } from 'zod';
import './zod-config.ts';

/**
 * Every JSON answer of the API is `{ message, data }` (product §7). The "Response read"
 * column of §7 names paths inside that body literally, e.g. `data.data` for master
 * data and `data.countries` for countries. See docs/decisions/001-response-envelopes.md.
 */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** An answer with a message only (a delete, a voucher collected). */
export const messageOnlyResponseSchema = z.object({ message: z.string() });

/** 422 answer: one list of messages per invalid field (product §5, "per-field lists"). */
export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/** Any other error answer (401, 403, 404, 429, 500). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
