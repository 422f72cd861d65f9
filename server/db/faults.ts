/**
 * Database faults (issue 14, ADR 013): which errors mean "the database cannot be reached right
 * now" (answered 503 with Retry-After, never 500, never the end of the process), and which are
 * PostgreSQL data errors caused by the request's own values (SQLSTATE class 22, answered 422).
 *
 * drizzle wraps driver errors (DrizzleQueryError, with the driver's error as `cause`), so every
 * check walks the cause chain.
 */

/** Node socket errors that mean the server is not there (refused, reset, unreachable, timed out). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01-57P03 (admin or crash
 * shutdown, cannot connect now: starting up or shutting down), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** Messages node-postgres gives without a code when a connection dies or cannot be had in time. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|Cannot use a pool after calling end/i;

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e instanceof DatabaseUnreachableError) return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL data exception (class 22: bad byte sequence, out of range…), else undefined. */
export function dataExceptionCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The database did not answer within DATABASE_WAIT_SECONDS at start. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** host:port of a postgres:// URL, for messages (never the password). */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured database';
  }
}

/** The short reason of a connection failure: its code, else its message's first line. */
export function shortReason(error: unknown): string {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && e.code) return e.code;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 200);
}
