/**
 * The errors a route, a service or a repository throws for the client: a status, a message (a
 * catalogue key or plain text) and per-field messages for 422. The one error handler
 * (plugins/errors.ts) translates and sends them; it lives in lib/ so that services need not
 * import a plugin.
 */
import type { GoneReason } from '#contract/catalog-constants.ts';
import type { TranslateVars } from './i18n.ts';

/** Seconds a client is asked to wait while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export interface HttpErrorOptions {
  /** Values for {{placeholders}} of a catalogue message. */
  vars?: TranslateVars;
  /** Extra response headers, e.g. Retry-After on 429. */
  headers?: Record<string, string>;
  /** A 410's why (contract/catalog-constants.ts GONE_REASONS), sent beside the message. */
  goneReason?: GoneReason;
}

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly options: HttpErrorOptions = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new HttpError(404, message);

/** 410: taken down or no longer listed, with its why (the app shows the listing's or the shop's screen). */
export const gone = (message: string, reason: GoneReason) => new HttpError(410, message, undefined, { goneReason: reason });

/** 422 for one field, message = that field's message: `fieldError('phone', 'validation.phone_invalid')`. */
export const fieldError = (field: string, key: string, vars?: TranslateVars) => new HttpError(422, key, { [field]: [key] }, { vars });
