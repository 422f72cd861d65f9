/**
 * A first visit's page arrives with its first screen already drawn (ADR 044).
 *
 * On weak mobile data the app's ~200 KB of JavaScript takes seconds to arrive and evaluate; until
 * then a client-rendered page is blank. The build's server bundle (`npm run build`: the app's own
 * components, routes and loaders, `src/entry-server.tsx`) renders the screen here, from the same
 * answers the page carries (ADR 026), and the browser hydrates it (main.tsx) instead of building
 * it again: the photos, names and prices show before any script has run.
 *
 * Bounded like the answers, because page requests are not counted by the API's rate limit:
 * - one render at a time per process (the render's transport is module state), at most
 *   FIRST_SCREEN_RENDERS_PER_SECOND a second, each given a budget (after it, the page goes
 *   without the HTML);
 * - a screen rendered for one visit serves the next ones for RENDER_REUSE_MS, while the catalog
 *   has not changed (`generation`: app.catalogCache.generation, ADR 040);
 * - no server bundle (a development checkout, a build without it), a render that fails or a
 *   screen that needs something else (an error, a redirect): the page exactly as before.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import { inertJson } from './first-answers.ts';
import { APP_CODE_ELEMENT_ID, FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey, type AppCode, type FirstAnswers } from '#contract/first-answers.ts';

/** Where the build writes the server bundle, inside the app's directory (dot: never served). */
export const SERVER_ENTRY = '.ssr/entry-server.js';
/** Default of FIRST_SCREEN_HTML_MS: a render takes ~70–85 ms of CPU here; past this the page goes without. */
export const RENDER_BUDGET_MS = 300;
/**
 * Default of FIRST_SCREEN_RENDERS_PER_SECOND: renders started per second and process, at most. A
 * burst of distinct addresses (a crawler) gets the plain page: at ~80 ms each, 4 a second is at
 * most a third of one core.
 */
export const RENDERS_PER_SECOND = 4;
/** How long a screen rendered for one visit serves the next ones (ms). */
export const RENDER_REUSE_MS = 2_000;

interface ServerEntry {
  renderFirstScreen(url: string, transport: (pathAndQuery: string) => Promise<unknown>): Promise<string | null>;
}
export interface RenderedScreen {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The answers the screen was drawn from, by firstAnswerKey: the page must carry exactly these. */
  answers: Record<string, unknown>;
}

/** Answers the page does not carry (the interface's messages: ~50 KB, fetched beside the code). */
const notCarried = (pathAndQuery: string) => pathAndQuery.startsWith('/translations/');

export function createFirstScreenRenderer(
  dir: string,
  ask: (pathAndQuery: string) => Promise<unknown>,
  {
    budgetMs = RENDER_BUDGET_MS,
    perSecond = RENDERS_PER_SECOND,
    reuseMs = RENDER_REUSE_MS,
    generation,
  }: { budgetMs?: number; perSecond?: number; reuseMs?: number; generation: () => number },
) {
  const entryFile = path.join(path.resolve(dir), SERVER_ENTRY);
  let entry: { mtimeMs: number; module: Promise<ServerEntry | null> } | undefined;
  let busy = false;
  let tokens = perSecond;
  let refilledAt = Date.now();
  const recent = new LRUCache<string, RenderedScreen>({ max: 200, ttl: reuseMs, ttlAutopurge: false });

  /** The bundle as the directory has it now (a deploy swaps the directory: its new bundle is loaded). */
  async function load(): Promise<ServerEntry | null> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(entryFile)).mtimeMs;
    } catch {
      return null;
    }
    if (!entry || entry.mtimeMs !== mtimeMs) {
      const module = import(`${pathToFileURL(entryFile).href}?v=${mtimeMs}`).then(
        (m: Partial<ServerEntry>) => (typeof m.renderFirstScreen === 'function' ? (m as ServerEntry) : null),
        (error: unknown) => {
          console.error('[first-screen] server bundle failed to load', error);
          return null;
        },
      );
      entry = { mtimeMs, module };
    }
    return entry.module;
  }

  function takeToken(): boolean {
    const now = Date.now();
    tokens = Math.min(perSecond, tokens + ((now - refilledAt) / 1000) * perSecond);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }

  async function renderNow(module: ServerEntry, pathname: string, key: string): Promise<RenderedScreen | null> {
    const answers: Record<string, unknown> = {};
    const transport = async (pathAndQuery: string) => {
      const answer = await ask(pathAndQuery);
      if (answer !== undefined && !notCarried(pathAndQuery)) {
        const url = new URL(pathAndQuery, 'http://server.invalid');
        answers[firstAnswerKey(url.pathname, url.searchParams)] = answer;
      }
      return answer;
    };
    const html = await module.renderFirstScreen(pathname, transport);
    if (html === null) return null;
    const rendered = { html, answers };
    recent.set(key, rendered);
    return rendered;
  }

  /**
   * The screen at `pathname` drawn, or null (no bundle, busy, over the rate, late, failed). The
   * page must then carry the rendered screen's answers (laid over its own: withFirstScreen).
   */
  return async function renderFirstScreen(pathname: string): Promise<RenderedScreen | null> {
    if (budgetMs <= 0) return null;
    // A screen drawn before a catalog change is not reused (it may show a listing since taken down).
    const key = `${generation()}|${pathname}`;
    const known = recent.get(key);
    if (known) return known;
    const module = await load();
    if (!module || busy || !takeToken()) return null;
    busy = true;
    const rendering = renderNow(module, pathname, key)
      .catch((error: unknown) => {
        console.error('[first-screen] render failed', pathname, error);
        return null;
      })
      .finally(() => (busy = false));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), budgetMs)));
    const rendered = await Promise.race([rendering, late]);
    clearTimeout(timer);
    return rendered;
  };
}

/** The page's answers with those the screen was drawn from laid over them: the browser's first render must find the same. */
export function answersOfScreen(first: FirstAnswers, rendered: RenderedScreen): FirstAnswers {
  return { locale: first.locale, answers: { ...first.answers, ...rendered.answers } };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The screen's HTML inside the page's root element (the built page has it empty), and the app's
 * code named in an inert element instead of its script and modulepreload tags: the start-up
 * script starts it once the drawn screen's content has loaded (APP_CODE_ELEMENT_ID). The element
 * goes right after the first answers, before the start-up script that reads both.
 */
export function withFirstScreen(html: string, rendered: RenderedScreen): string {
  const root = '<div id="root"></div>';
  const answers = html.indexOf(`id="${FIRST_ANSWERS_ELEMENT_ID}"`);
  const entry = ENTRY_SCRIPT.exec(html);
  if (!html.includes(root) || answers < 0 || !entry) return html;
  const code: AppCode = { entry: entry[1]!, preload: [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!) };
  const afterAnswers = html.indexOf('</script>', answers) + '</script>'.length;
  const element = `<script type="application/json" id="${APP_CODE_ELEMENT_ID}">${inertJson(code)}</script>`;
  const head = html.slice(0, afterAnswers) + element + html.slice(afterAnswers).replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  // A function, not a string: `$&` in a seller's text is not a replacement pattern.
  return head.replace(root, () => `<div id="root">${rendered.html}</div>`);
}
