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

/**
 * A page whose first screen the server drew (ADR 044) names the app's code here instead of in
 * script and modulepreload tags: the start-up script starts it once the drawn screen's own
 * content (stylesheet, photos) has loaded, so on a weak connection the photos do not share it
 * with ~200 KB of code. Taps meanwhile are held and replayed (src/lib/early-taps.ts).
 */
export const APP_CODE_ELEMENT_ID = 'app-code';

export interface AppCode {
  /** The entry module's address. */
  entry: string;
  /** The modules it imports, preloaded with it. */
  preload: string[];
}
