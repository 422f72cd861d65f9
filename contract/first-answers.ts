/**
 * The public API answers a first visit's page carries (ADR 026): what the server writes into the
 * page and the client reads back. One key for both sides: the path after /api, then the query's
 * parameters sorted by name (the app builds them in its own order).
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

export interface FirstAnswers {
  /** The language the answers were made in (the app's default). */
  locale: string;
  /** By firstAnswerKey. */
  answers: Record<string, unknown>;
}

export function firstAnswerKey(path: string, params: URLSearchParams): string {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  const query = sorted.toString();
  return query ? `${path}?${query}` : path;
}
