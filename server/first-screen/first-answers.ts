/**
 * A first visit's page carries the public API answers its first screen shows (ADR 026).
 *
 * On weak mobile data a round trip costs 150–600 ms. A first visit to a category page used to
 * wait for three in a row before its largest photo could even be requested (the page, then the
 * category by its address, then the category's first page of products), and for the answers
 * before React could render anything. Now the server, answering the navigation, asks itself for
 * those answers (the very same routes, through `app.inject`: same envelopes, same response
 * cache) and writes them into the page as inert JSON. The inline start-up script (ADR 042) reads
 * them to preload the largest photo at once, and `src/lib/first-answers.ts` hands them to the
 * app's first requests instead of the network.
 *
 * Never at the page's expense, never a lever on the database: the answers get
 * FIRST_ANSWERS_BUDGET_MS (the page goes without them after that, exactly as before); an answer
 * made for one page serves the next ones for ANSWER_REUSE_MS; at most MAX_INTERNAL_IN_FLIGHT
 * internal requests run at once per process, whatever the rate of page requests (beyond it an
 * answer is left out); a failed or slow answer is simply left out. A reused answer is one of the
 * catalog's present generation (app.catalogCache.generation, ADR 040): a write that clears the
 * catalog's response cache, on this instance or another (NOTIFY), ends the reuse at once, so a
 * listing taken down is never served from an answer made a moment before. They are
 * the anonymous answers in Romanian (the app's default language): a shopper signed in, or who
 * chose English, ignores them on the client.
 *
 * The internal requests bypass the per-address rate limit with a per-process secret header
 * (server/lib/internal-request.ts): they are the server's own, and a forged header cannot match.
 */
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DEFAULT_LOCALE } from '#contract/constants.ts';
import { firstAnswerKey, type FirstAnswers } from '#contract/first-answers.ts';
import { INTERNAL_REQUEST_HEADER, internalRequestSecret } from '#server/lib/internal-request.ts';

/** Default of FIRST_ANSWERS_MS: about one round trip on good mobile data, a fraction of one on weak. */
export const FIRST_ANSWERS_BUDGET_MS = 250;
/**
 * Internal requests under way at once in one process (PostgreSQL's pool has 10 connections);
 * beyond it an answer is left to the app, so page requests, which the API's rate limit does not
 * count, can never queue more database work than this.
 */
export const MAX_INTERNAL_IN_FLIGHT = 6;
/** How long an answer made for one page serves the next ones (ms). */
export const ANSWER_REUSE_MS = 2_000;

export type FirstScreen = { screen: 'home' } | { screen: 'category'; slug: string } | { screen: 'product'; id: number };

/** The first screens the inline start-up script knows (vite.config.ts), by address. */
export function firstScreenOf(pathname: string, search: string): FirstScreen | null {
  if (pathname === '/') return { screen: 'home' };
  let m = /^\/categories\/([^/]+)$/.exec(pathname);
  // A category opened with filters in its address lists something else: its answers are left to the app.
  if (m) return search ? null : { screen: 'category', slug: m[1]! };
  // No leading zero: the app and the start-up script would write the address differently.
  m = /^\/products\/([1-9]\d{0,9})\/details$/.exec(pathname);
  if (m) return { screen: 'product', id: Number(m[1]) };
  return null;
}

/**
 * A value serialized for a <script type="application/json"> element: `<` escaped, so no text in
 * it (a product name a seller typed) can close the element or open a comment.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function createFirstAnswers(
  app: FastifyInstance,
  { budgetMs = FIRST_ANSWERS_BUDGET_MS, maxInFlight = MAX_INTERNAL_IN_FLIGHT, reuseMs = ANSWER_REUSE_MS } = {},
) {
  const locale = DEFAULT_LOCALE;
  let inFlight = 0;
  // An answer (or its absence) made in the last `reuseMs` serves every page that needs it: a burst
  // of visits to the same screens costs the database one set of queries, not one per page.
  // Keyed with the catalog's generation: one made before a catalog change is never found again.
  const recent = new LRUCache<string, Promise<unknown>>({ max: 500, ttl: reuseMs, ttlAutopurge: false });

  /** The API's answer to an anonymous GET of `url` (the address as the app writes it), or undefined. */
  function get(url: string): Promise<unknown> {
    const key = `${app.catalogCache.generation}|${url}`;
    const known = recent.get(key);
    if (known) return known;
    // Bounded database work whatever the rate of page requests: beyond it the answer is left to the app.
    if (inFlight >= maxInFlight) return Promise.resolve(undefined);
    inFlight++;
    const answer = app
      .inject({
        method: 'GET',
        url: `/api${url}`,
        headers: {
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'accept-language': locale,
          [INTERNAL_REQUEST_HEADER]: internalRequestSecret,
        },
      })
      .then(
        (response) => (response.statusCode === 200 ? (response.json() as unknown) : undefined),
        () => undefined,
      )
      .finally(() => inFlight--);
    recent.set(key, answer);
    return answer;
  }

  async function gather(first: FirstScreen, answers: Record<string, unknown>) {
    // Asked as the app writes the address (the response cache is keyed by it), kept under the shared key.
    const keep = (path: string, params = new URLSearchParams()) => {
      const query = params.toString();
      return get(query ? `${path}?${query}` : path).then((answer) => {
        if (answer !== undefined) answers[firstAnswerKey(path, params)] = answer;
        return answer;
      });
    };
    // Not the interface's messages (~50 KB): in the page they would hold back everything the page
    // names after them, where the start-up script fetches them alongside the app's code.
    const common = [keep('/master'), keep('/settings'), keep('/categories')];
    if (first.screen === 'home') await Promise.all([...common, keep('/home'), keep('/banners')]);
    else if (first.screen === 'product')
      await Promise.all([...common, keep(`/products/${first.id}`), keep(`/products/${first.id}/similar`)]);
    else {
      const category = keep(`/categories/${encodeURIComponent(first.slug)}`).then(async (answer) => {
        const id = (answer as { data?: { category?: { id?: unknown } } } | undefined)?.data?.category?.id;
        if (typeof id !== 'number') return;
        await keep('/products/filter', new URLSearchParams({ category: String(id), sort: 'newest', page: '1' }));
      });
      await Promise.all([...common, category]);
    }
  }

  /** The answers for a first screen, or null when nothing came within the budget. */
  async function firstAnswersFor(first: FirstScreen): Promise<FirstAnswers | null> {
    if (budgetMs <= 0) return null;
    const answers: Record<string, unknown> = {};
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, budgetMs)));
    await Promise.race([gather(first, answers).catch(() => undefined), deadline]);
    clearTimeout(timer);
    // Whatever came in time (a copy: a late answer does not change what is being sent); the
    // ones still under way are left to the app.
    const sent = { ...answers };
    return Object.keys(sent).length ? { locale, answers: sent } : null;
  }

  // `ask`: one answer by its address, under the same bounds (the first screen's HTML asks with it: render.ts).
  return Object.assign(firstAnswersFor, { ask: get });
}
