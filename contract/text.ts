/**
 * The contract's string for anything a client sends (issue 14, ADR 015): plain `z.string()` plus
 * one check that refuses NUL and the other control characters — PostgreSQL cannot store NUL in
 * text (a 500 before this), and the others have no business in names, addresses or codes.
 *
 * - `line()`: one line — no C0 control character (U+0000–U+001F, tabs and newlines included) and
 *   no DEL (U+007F).
 * - `lines()`: a multi-line field (order note, ticket and contact messages): tab, LF and CR allowed,
 *   every other control character refused.
 *
 * The check comes first and aborts, so the field reports `validation.control_characters` alone
 * (422 per field, translated by the server's error handler); every other rule chains as on
 * `z.string()`. It is a regex, so the OpenAPI document carries it as `pattern` (the fuzzer and
 * the companion app see it).
 */
import { z } from 'zod';

export const CONTROL_CHARACTERS_KEY = 'validation.control_characters';

// eslint-disable-next-line no-control-regex -- control characters are what these refuse
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- as above, but tab, LF and CR pass
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

type StringParams = Parameters<typeof z.string>[0];

/** A one-line request string (no control characters at all). */
export const line = (params?: StringParams) => z.string(params).regex(SINGLE_LINE_TEXT, { message: CONTROL_CHARACTERS_KEY, abort: true });

/** A multi-line request string (tab, LF and CR allowed; other control characters refused). */
export const lines = (params?: StringParams) => z.string(params).regex(MULTI_LINE_TEXT, { message: CONTROL_CHARACTERS_KEY, abort: true });
